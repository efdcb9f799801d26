/* What a failed statement means, the same on both databases. */

/** SQLite answers a unique or foreign key violation with its own codes, PostgreSQL with SQLSTATE. */
export function isConstraintError(err: unknown, kind: 'unique' | 'foreign'): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return kind === 'unique'
    ? code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
    : code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}
