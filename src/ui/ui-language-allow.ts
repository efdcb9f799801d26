/*
 * English the UI may show, by exact text ('…' stands for an inserted value). Anything else English that
 * ui-language.test.ts finds fails it. Three reasons only, each entry says which.
 */

/**
 * SPEC (the product specification, docs/README.md) gives these strings in English and SPEC's UI strings are verbatim (the project's standing
 * rule): they stay as SPEC writes them.
 */
export const SPEC_ENGLISH: Record<string, string> = {
  // §2 Routes and auth: 'While authentication is being checked a full-screen 'Loading...' animation
  // shows'; §4 Project detail: 'While loading: 'Loading...''.
  'Loading...': 'SPEC §2 and §4 Project detail',
  // §3 Layout: 'side menu with Projects, Karyawan …', 'Admin nav entries: Projects, Karyawan …'.
  Projects: 'SPEC §3 Layout',
  // §4 Admin management / Employees, §6 Roles: other roles see 'Access Denied'.
  'Access Denied': 'SPEC §4 and §6',
  // §4 Project dashboard: the card menu's 'Edit Project'; §4 Project detail: 'Download Project'.
  'Edit Project': 'SPEC §4 Project dashboard',
  'Edit project …': 'SPEC §4 Project dashboard: the menu item named with its project (aria-label)',
  'Download Project': 'SPEC §4 Project detail',
  'Download project …': 'SPEC §4 Project detail: the button named with its project (aria-label)',
  // §4 Perencanaan/Pengawasan: 'Dialogs: Upload File, Buat Folder Baru, Rename Folder, Delete Folder,
  // Delete File'; §4 Rekap: 'Admins also get 'Upload File'', 'Klik tombol Upload File untuk menambahkan'.
  'Upload File': 'SPEC §4 file browser and Rekap',
  'Rename Folder': 'SPEC §4 file browser',
  'Delete Folder': 'SPEC §4 file browser',
  'Delete File': 'SPEC §4 file browser',
  'Klik tombol Upload File untuk menambahkan': 'SPEC §4 Rekap',
  // §4 Dokumentasi and §5 States: 'Admins see 'Approve' and 'Revisi' buttons on pending items only'.
  Approve: 'SPEC §4 Dokumentasi, §5',
  // A pending file's 'Approve' button says the same word, its accessible name starts with what it shows.
  'Approve …': 'SPEC §4 Dokumentasi, §5 (the files’ button of the same review)',
  // §4 Employees: 'a form modal titled 'Tambah Karyawan' or 'Edit Karyawan''.
  'Edit Karyawan': 'SPEC §4 Employees',
  // §4 WhatsApp QR: 'a 'Refresh QR' button', 'a 'Logout' button'.
  'Refresh QR': 'SPEC §4 WhatsApp QR',
  "Kode QR tidak dapat dimuat. Tekan 'Refresh QR' untuk mencoba lagi.":
    'SPEC §4 WhatsApp QR (the button it names)',
  Logout: 'SPEC §4 WhatsApp QR',
  // §6 Validation: 'New folder and rename folder: … 'Please enter a folder name''.
  'Please enter a folder name': 'SPEC §6 Validation',
  // §8 Messages, Notifications and WhatsApp.
  Error: 'SPEC §8: toast titled Error',
  Success: 'SPEC §8: toast Success',
  'Failed to fetch QR code. Please try again.': 'SPEC §8',
  'Failed to logout WhatsApp session. Please try again.': 'SPEC §8',
  'WhatsApp session logged out successfully.': 'SPEC §8',
  // §8 Messages, Files and folders.
  'File approved successfully': 'SPEC §8',
  'File rejected': 'SPEC §8',
  'Failed to approve file': 'SPEC §8',
  'Failed to reject file': 'SPEC §8',
  'File deleted successfully': 'SPEC §8',
  'Failed to delete file': 'SPEC §8',
  'Folder created successfully': 'SPEC §8',
  'Failed to create folder': 'SPEC §8',
  'Folder renamed successfully': 'SPEC §8',
  'Failed to rename folder': 'SPEC §8',
  'Folder deleted successfully': 'SPEC §8',
  'Failed to delete folder': 'SPEC §8',
  // §8 Messages, Documentation and comments.
  'Failed to fetch documentations': 'SPEC §8',
  'Failed to delete document': 'SPEC §8',
  'Failed to toggle like': 'SPEC §8',
  'Failed to approve document': 'SPEC §8',
  'Failed to reject document': 'SPEC §8',
  'Failed to upload file': 'SPEC §8',
}

/**
 * The API's own value names, quoted by a validation message about them (the app never sends other
 * values; a script calling the API reads which values are allowed).
 */
export const API_VALUES: Record<string, string> = {
  'Status harus pending, approved atau rejected': 'status values of /api/doc/{slug}/list',
  'Status harus approved atau rejected': 'the review call’s path values (SPEC §7)',
  'Pilihan dokumentasi harus approved atau all': 'the report’s `docs` values',
  'Pilihan project harus "involved" atau "all"': 'the notification channels’ `projects` values',
}

export const ALLOWED: ReadonlySet<string> = new Set([
  ...Object.keys(SPEC_ENGLISH),
  ...Object.keys(API_VALUES),
])
