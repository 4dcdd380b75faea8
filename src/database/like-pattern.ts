/**
 * LIKE patterns built from what a user typed, in one place: the value's wildcards (`%`, `_`) and the
 * escape character (`\`, PostgreSQL's default) are escaped, so a filter matches its text literally.
 * An unescaped `\` at the end is an error in PostgreSQL (22025) and `%` would match everything.
 */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Prisma's case-insensitive filters compile to ILIKE (`contains` as `%value%`, `equals` as the value
 * itself) and do not escape the value: these give them the escaped one.
 */
export function insensitiveContains(value: string): { contains: string; mode: 'insensitive' } {
  return { contains: escapeLike(value), mode: 'insensitive' };
}

export function insensitiveEquals(value: string): { equals: string; mode: 'insensitive' } {
  return { equals: escapeLike(value), mode: 'insensitive' };
}
