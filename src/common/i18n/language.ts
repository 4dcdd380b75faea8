export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The language for a response from an Accept-Language header (RFC 9110 12.5.4): the supported
 * language with the highest q-value wins (ties: the earlier entry), "de-CH" counts as "de",
 * q=0 excludes; anything else, or nothing, gives `fallback`.
 */
export function negotiateLanguage(header: string | string[] | undefined, fallback: Language): Language {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return fallback;
  let best: { language: Language; q: number } | null = null;
  for (const part of text.split(',').slice(0, 20)) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    const language =
      primary === '*'
        ? fallback
        : (LANGUAGES as readonly string[]).includes(primary)
          ? (primary as Language)
          : null;
    if (language && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? fallback;
}
