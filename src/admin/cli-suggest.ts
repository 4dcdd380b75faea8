import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to what was typed, if it is close enough to be what was meant: at most a
 * third of its letters differ (two for short words), so `clinet` finds `client` and `--orgg` finds
 * `--org`, while `frobnicate` finds nothing.
 */
export function closestMatch(typed: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(typed.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const allowed = Math.max(2, Math.floor((best?.length ?? 0) / 3));
  // Never more edits than letters typed: `x` is no typo of `db`.
  return bestDistance <= allowed && bestDistance < Math.max(typed.length, 2) ? best : undefined;
}
