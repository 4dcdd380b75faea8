/**
 * The small syntaxes inside CIF fields: boolean flags, dates, the `{KEY=value;...}` lists of
 * Classification Codes and Parametric Data.
 */

/** A CIF boolean (`T`, `TRUE`, `Y`, `YES`, `1`; anything else, including empty, is false). */
export function cifFlag(value: string): boolean {
  return /^(t|true|y|yes|1)$/i.test(value.trim());
}

/**
 * A CIF date or date-time as ISO 8601 ("2000-12-01", "2002-3-12 15:19:55" -> "2002-03-12T15:19:55"),
 * or null when it is not one.
 */
export function cifDate(value: string): string | null {
  const match =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(
      value.trim(),
    );
  if (!match) return null;
  const [, year, month, day, hour, minute, second, zone] = match;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const check = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date) return null;
  if (hour === undefined) return date;
  return `${date}T${hour.padStart(2, '0')}:${minute}:${second ?? '00'}${zone ?? ''}`;
}

/**
 * The pairs of a `{KEY=value;KEY="quoted value";}` list (braces optional, values optionally in
 * double quotes with `""` for a quote), in order; null when the text is not such a list.
 */
export function cifPairs(value: string): Array<[string, string]> | null {
  const text = value.trim().replace(/^\{([\s\S]*)\}$/, '$1');
  const pairs: Array<[string, string]> = [];
  const pair = /\s*([^=;{}"]+?)\s*=\s*(?:"((?:[^"]|"")*)"|([^;]*?))\s*(?:;|$)/y;
  let at = 0;
  while (at < text.length) {
    pair.lastIndex = at;
    const match = pair.exec(text);
    if (!match || match[0] === '') return text.slice(at).trim() === '' ? pairs : null;
    pairs.push([match[1], match[2] !== undefined ? match[2].replace(/""/g, '"') : (match[3] ?? '').trim()]);
    at = pair.lastIndex;
  }
  return pairs;
}
