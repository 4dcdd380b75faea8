import { IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';
import { RenderedImage, renderedImage } from './image-etag';

/**
 * The picture of a product that has none of its own: the same neutral frame with a picture symbol
 * for every product, at the pixel size of the image kind. It depends on nothing but the kind, so
 * the image route needs no database read and tells nobody whether a product id exists; the
 * product's name is in the alt text of every image object that points here.
 */
export function renderPlaceholderSvg(kind: ImageKind): string {
  const { width, height } = IMAGE_KINDS[kind];
  // The symbol is drawn on a 100 x 100 grid, scaled to the picture.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" role="img">` +
    '<title>No product image</title>' +
    '<rect width="100" height="100" fill="#eef1f4"/>' +
    '<rect x="25" y="30" width="50" height="40" rx="3" fill="none" stroke="#8c959f" stroke-width="3"/>' +
    '<circle cx="38" cy="43" r="5" fill="#8c959f"/>' +
    '<path d="M28 67 L45 50 L55 60 L62 53 L72 67 Z" fill="#8c959f"/>' +
    '</svg>'
  );
}

const rendered = new Map<ImageKind, RenderedImage>();

/** The placeholder of a kind, rendered once per process. */
export function placeholderImage(kind: ImageKind): RenderedImage {
  let image = rendered.get(kind);
  if (!image) {
    image = renderedImage(renderPlaceholderSvg(kind));
    rendered.set(kind, image);
  }
  return image;
}
