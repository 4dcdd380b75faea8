import { DRAWN_BRAND_MAX_LENGTH } from '../catalog/drawn-picture';

/** The image routes' refusals (error_description of a 400). */
export const IMAGE_MESSAGES = {
  badProductPicture: 'expected /images/products/{id}/{thumbnail|small|medium|large}.svg',
  badDrawnPicture:
    'expected /images/drawn/{shape}/{colour}/{front|angled|detail}/{thumbnail|small|medium|large}.svg?brand=... ' +
    `with a known shape and colour and a brand of 1 to ${DRAWN_BRAND_MAX_LENGTH} printable characters`,
} as const;
