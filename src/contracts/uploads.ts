/** What the server answers about an upload itself (per-route messages, like the avatar's, live with the route). */
export const UPLOAD_MSG = {
  notMultipart: 'Data harus dikirim sebagai multipart/form-data',
  wrongType: 'Jenis file tidak didukung',
  fileTooLarge: (name: string, maxMb: number) => `Ukuran file ${name} melebihi batas ${maxMb} MB`,
  tooManyFiles: 'Terlalu banyak file dalam satu unggahan',
  emptyFile: (name: string) => `File ${name} kosong`,
  interrupted: 'Unggahan terputus, silakan coba lagi',
  rangeNotSatisfiable: 'Rentang data yang diminta tidak tersedia',
  fileNotFound: 'File tidak ditemukan',
} as const
