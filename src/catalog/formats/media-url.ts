/**
 * The absolute http(s) URL of a catalog's picture or document: an absolute source as it is, a
 * relative one resolved against the catalog's root (BMEcat MIME_ROOT). Null for anything else (no
 * root, another scheme such as `javascript:` or `file:`): such links are dropped with a warning, since
 * they would be shown to buyers. Nothing is ever fetched.
 */
export function mediaUrl(source: string, root: string | null): string | null {
  const trimmed = source.trim();
  if (trimmed === '') return null;
  try {
    const base =
      root && /^https?:\/\//i.test(root.trim()) ? new URL(root.trim().replace(/\/?$/, '/')) : undefined;
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
