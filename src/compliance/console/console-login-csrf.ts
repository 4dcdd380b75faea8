import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config';

/**
 * Whether a sign-in POST comes from our own sign-in page (login CSRF), by headers a page cannot
 * forge. `Sec-Fetch-Site`, when sent, must be `same-origin` (`same-site` is refused too: a sibling
 * subdomain is another party). `Origin`, when it names an origin, must be one of ours; absent
 * `Origin`, `Referer` must be on one of ours; with neither the POST is refused. `Origin: null` is
 * what browsers send for a form POST from a page with Referrer-Policy: no-referrer, as all our pages
 * are (header and meta): it passes only together with `Sec-Fetch-Site: same-origin`, so a
 * browser without Fetch Metadata falls back to refusing. Our origins: PUBLIC_URL's and, when
 * TRUST_PROXY is off, the one the request was sent to (scheme + Host), so a gateway reached under
 * another name than PUBLIC_URL (an internal address, the tests' 127.0.0.1) still signs in; behind
 * a proxy only PUBLIC_URL counts, as Host and scheme are then the proxy's to set.
 */
export function postedByOurOwnPage(request: FastifyRequest, config: AppConfig): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const ours = new Set([new URL(config.publicUrl).origin]);
  const host = request.headers.host;
  if (!config.trustProxy && host) {
    const own = originOf(`${request.protocol}://${host}`);
    if (own) ours.add(own);
  }
  const origin = request.headers.origin;
  if (origin === 'null') return site === 'same-origin';
  if (origin !== undefined) return ours.has(origin);
  const referer = request.headers.referer;
  return referer !== undefined && ours.has(originOf(referer) ?? '');
}

/** The serialized origin of an absolute URL, or undefined if it is not one. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
