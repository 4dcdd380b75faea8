/**
 * An image URL the shop's CSP lets the browser load (img-src 'self'): the gateway's own images as
 * relative paths; images on other hosts are not shown.
 */
export function localImageUrl(url: string, publicUrl: string): string | undefined {
  const path = url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : url;
  return path.startsWith('/') && !path.startsWith('//') ? path : undefined;
}
