import { createHash } from 'node:crypto';

/** A rendered picture and its strong validator. */
export interface RenderedImage {
  body: Buffer;
  etag: string;
}

/** The picture's bytes with their strong ETag (RFC 9110 8.8.3: the quoted digest of the bytes). */
export function renderedImage(svg: string): RenderedImage {
  const body = Buffer.from(svg, 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}
