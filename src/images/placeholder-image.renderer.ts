import { createHash } from 'node:crypto';
import { IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';

const MAX_LABEL = 60;
const PALETTE = ['#1f6feb', '#2da44e', '#bf8700', '#cf222e', '#8250df', '#0a7ea4', '#57606a', '#bc4c00'];

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * A deterministic placeholder picture for a product: a colour derived from its id, its initials
 * and (from "small" up) its name, at the pixel size of the image kind. All text is XML-escaped and
 * shortened, so a product name cannot inject markup.
 */
export function renderPlaceholderSvg(productId: string, name: string, kind: ImageKind): string {
  const { width, height } = IMAGE_KINDS[kind];
  const digest = createHash('sha256').update(productId).digest();
  const colour = PALETTE[digest[0] % PALETTE.length];
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  const initials = clean
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();
  const label = [...clean].length > MAX_LABEL ? `${[...clean].slice(0, MAX_LABEL - 1).join('')}…` : clean;
  const big = Math.round(width / 3);
  const small = Math.max(10, Math.round(width / 20));
  const caption =
    kind === 'thumbnail'
      ? ''
      : `<text x="50%" y="82%" font-size="${small}" text-anchor="middle" fill="#ffffff">${escapeXml(label)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(label)}</title>` +
    `<rect width="100%" height="100%" fill="${colour}"/>` +
    `<text x="50%" y="50%" font-family="sans-serif" font-size="${big}" text-anchor="middle" dominant-baseline="middle" fill="#ffffff">${escapeXml(initials)}</text>` +
    caption.replace('<text ', '<text font-family="sans-serif" ') +
    '</svg>'
  );
}
