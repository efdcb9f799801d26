/**
 * The counter columns of project_stats that runtime code reads (the project list, detail and dashboard).
 * Migration 002 created them and keeps its own frozen copy of this list: migrations are history and
 * are never imported by runtime code, so a later migration that adds a counter changes this file too.
 */
export const FILE_COUNT_COLUMNS = [
  'files_perencanaan_pending',
  'files_perencanaan_approved',
  'files_perencanaan_rejected',
  'files_pengawasan_pending',
  'files_pengawasan_approved',
  'files_pengawasan_rejected',
] as const
export const DOC_COUNT_COLUMNS = ['docs_pending', 'docs_approved', 'docs_rejected'] as const
