/** Whether a statement failed on a unique index. Drizzle wraps the driver's error: the SQLSTATE may be on any cause. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
