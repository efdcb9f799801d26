/** What the server answers about an upload itself (per-route messages, like the avatar's, live with the route). */
export const UPLOAD_MSG = {
  notMultipart: 'Data harus dikirim sebagai multipart/form-data',
  wrongType: 'Jenis file tidak didukung',
  fileTooLarge: (name: string, maxMb: number) => `Ukuran file ${name} melebihi batas ${maxMb} MB`,
  tooManyFiles: 'Terlalu banyak file dalam satu unggahan',
  emptyFile: (name: string) => `File ${name} kosong`,
  interrupted: 'Unggahan terputus, silakan coba lagi',
  badName: 'Nama file berisi karakter yang tidak diperbolehkan atau terlalu panjang',
  rangeNotSatisfiable: 'Rentang data yang diminta tidak tersedia',
  fileNotFound: 'File tidak ditemukan',
} as const

/** Longest file name kept (most filesystems stop at 255 bytes; the name is only shown and sent back). */
export const MAX_FILE_NAME = 255
