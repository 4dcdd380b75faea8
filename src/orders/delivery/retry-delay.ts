/**
 * The pause before retry `attempt` (1 after the first failed try): exponential, `firstRetryMs` doubled
 * per attempt (capped at 2^16 times), with "equal jitter": half of it fixed, the other half drawn at
 * random, so the suppliers' receivers are not hit by every replica's retries in step.
 */
export function retryDelayMs(
  attempt: number,
  firstRetryMs: number,
  random: () => number = Math.random,
): number {
  const base = firstRetryMs * 2 ** Math.min(Math.max(attempt - 1, 0), 16);
  return Math.round(base / 2 + (random() * base) / 2);
}
