/**
 * `value` cut to at most `maxLength` UTF-16 code units (the unit of JavaScript's `length`, so limits
 * read the same everywhere) without splitting a character: when the cut falls between the two halves
 * of a surrogate pair (an emoji, say), the whole character goes. A lone surrogate is not Unicode text;
 * PostgreSQL's jsonb refuses one, so a value cut in half could not even be recorded.
 */
export function cutText(value: string, maxLength: number): string {
  if (value.length <= maxLength) return value;
  const last = value.charCodeAt(maxLength - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return value.slice(0, splitsPair ? maxLength - 1 : Math.max(0, maxLength));
}
