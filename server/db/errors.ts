/** A unique-constraint violation (SQLSTATE 23505), from either driver: pg puts the code on the error, PGlite on its cause. */
export const isUniqueViolation = (error: unknown): boolean => {
  // Safe: only optional fields are read, each through `?.`, whatever was thrown.
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
