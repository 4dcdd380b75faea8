import type { AdministrationSummaries } from './console-messages';

/**
 * Reading recorded audit payloads for the console's sentences: payloads are whatever an event type
 * recorded at the time (older shapes included), so every field is read defensively.
 */
export type Json = Record<string, unknown>;

export const object = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
export const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

/** A guidance rule in words: "block vendor 'Kabelwerk Versand'", "prefer prices above '500 EUR'". */
export function describeRule(
  rule: unknown,
  m: AdministrationSummaries,
): { rule: string; note: string | null } {
  const r = object(rule);
  const effect = m.effects[text(r.effect)] ?? text(r.effect);
  const matcher = m.matchers[text(r.matcher)] ?? text(r.matcher);
  const named = m.ruleValue(text(r.matcher), text(r.value));
  const value = r.currency ? `${named} ${text(r.currency)}` : named;
  const note = text(r.note).trim();
  return { rule: m.rule(effect, matcher, value), note: note === '' ? null : note };
}
