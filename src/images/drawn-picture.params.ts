import { IMAGE_KINDS, ImageKind } from '../catalog/catalog.constants';
import {
  DRAWN_BRAND_MAX_LENGTH,
  DRAWN_COLOURS,
  DRAWN_SHAPES,
  DRAWN_VIEWS,
  DrawnColour,
  DrawnPicture,
  DrawnShape,
  DrawnView,
} from '../catalog/drawn-picture';

/** Colour names by the hex value the URL carries. */
const COLOUR_BY_HEX = new Map<string, DrawnColour>(
  Object.entries(DRAWN_COLOURS).map(([name, hex]) => [hex, name as DrawnColour]),
);

/**
 * Printable text only: no control characters, no lone surrogates, no noncharacters (XML could not
 * carry them), counted in code points.
 */
const BRAND_PATTERN = new RegExp(`^[^\\p{Cc}\\p{Cs}\\uFFFE\\uFFFF]{1,${DRAWN_BRAND_MAX_LENGTH}}$`, 'u');

export interface DrawnPictureParams {
  shape: string;
  colour: string;
  view: string;
  file: string;
}

/**
 * The picture a drawn-picture URL names, or null when any part is unknown or malformed (the route
 * answers 400). Strict on purpose: only the finite set of shapes, colours, views and sizes is
 * accepted, so the URL space cannot be used to make the server draw arbitrary things.
 */
export function parseDrawnPicture(params: DrawnPictureParams, brand: unknown): DrawnPicture | null {
  const kind = params.file.endsWith('.svg') ? params.file.slice(0, -4) : '';
  const colour = COLOUR_BY_HEX.get(params.colour);
  if (
    !(DRAWN_SHAPES as readonly string[]).includes(params.shape) ||
    !(DRAWN_VIEWS as readonly string[]).includes(params.view) ||
    !Object.hasOwn(IMAGE_KINDS, kind) ||
    colour === undefined ||
    typeof brand !== 'string' ||
    brand.trim() === '' ||
    !BRAND_PATTERN.test(brand)
  ) {
    return null;
  }
  return {
    shape: params.shape as DrawnShape,
    colour,
    view: params.view as DrawnView,
    kind: kind as ImageKind,
    brand,
  };
}
