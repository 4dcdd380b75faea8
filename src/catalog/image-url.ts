/**
 * A stored image URL as the API answers it: absolute. The demo catalog stores its drawn pictures
 * as paths on the gateway (so data built once survives a PUBLIC_URL change); those are resolved
 * against PUBLIC_URL here. Imported catalogs store absolute URLs, which pass unchanged.
 */
export function absoluteImageUrl(url: string, publicUrl: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url;
}
