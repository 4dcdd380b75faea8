import type { FastifyReply } from 'fastify';

export interface PageOptions {
  /** HTTP status; default 200. */
  status?: number;
  /** Origins a form on the page may post to besides our own (a punchout's HOOK_URL origin). */
  formActions?: string[];
  /** CSP frame-ancestors sources; default 'none' (pages that procurement suites frame pass theirs). */
  frameAncestors?: string;
}

/**
 * The CSP frame-ancestors source list of a page a procurement suite frames: `origins` (a punchout
 * session's own: its HOOK_URL's and its client's allowed callback origins) plus `widen`
 * (PUNCHOUT_FRAME_ANCESTORS: more origins, or `*` for any site); `'none'` when both are empty.
 */
export function frameAncestorsSource(origins: readonly string[], widen: string): string {
  const extra = widen.split(' ').filter((source) => source !== '');
  if (extra.includes('*')) return '*';
  const sources = [...new Set([...origins.map((origin) => origin.toLowerCase()), ...extra])];
  return sources.length > 0 ? sources.join(' ') : "'none'";
}

/** The Content-Security-Policy of every page: our own scripts and styles only, nothing inline. */
export function contentSecurityPolicy(options: PageOptions = {}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    ["form-action 'self'", ...(options.formActions ?? [])].join(' '),
    `frame-ancestors ${options.frameAncestors ?? "'none'"}`,
  ].join('; ');
}

/** Sends a rendered page with the headers every page carries (never cached, never sniffed, no referrer). */
export function sendPage(reply: FastifyReply, html: string, options: PageOptions = {}): void {
  void reply
    .code(options.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(options))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send(html);
}
