import { IMAGE_KINDS, ImageKind } from './catalog.constants';

export interface PlaceholderImage {
  url: string;
  width: number;
  height: number;
  altText: string;
  kind: ImageKind;
}

/**
 * The image shown for a product without its own: the gateway's placeholder route (src/images) for
 * the product and size, so search results, product details and punchout pages point at one URL.
 */
export function placeholderImage(
  publicUrl: string,
  productId: string,
  kind: ImageKind,
  altText: string,
): PlaceholderImage {
  return {
    url: `${publicUrl}/images/products/${encodeURIComponent(productId)}/${kind}.svg`,
    ...IMAGE_KINDS[kind],
    altText,
    kind,
  };
}
