/** The fixed window a moment falls in: its number (for keys) and when it ends (for Retry-After). */
export function fixedWindow(nowMs: number, windowMs: number): { index: number; resetAt: number } {
  const index = Math.floor(nowMs / windowMs);
  return { index, resetAt: (index + 1) * windowMs };
}

/** Whole seconds until `resetAt`, at least 1 (Retry-After is delta-seconds). */
export function retryAfterSeconds(nowMs: number, resetAt: number): number {
  return Math.max(1, Math.ceil((resetAt - nowMs) / 1000));
}
