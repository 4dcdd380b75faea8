import { ImageKind } from './catalog.constants';

/**
 * Pictures drawn by code (src/images draws them): what a drawn picture can show and the one URL
 * form that names it. A picture is fully described by its URL (shape, colour, view, size, brand),
 * so the image route reads no database and answers the same for every product that looks alike;
 * nothing in it tells which products exist. The demo catalog stores these URLs as its images.
 */

/** The things the gateway can draw: one simple drawing each, recognisable at 75 px. */
export const DRAWN_SHAPES = [
  'paper-ream',
  'notepad',
  'pen',
  'marker',
  'binder',
  'sheet-protector',
  'label-sheet',
  'stapler',
  'hole-punch',
  'desk-organiser',
  'cable',
  'adapter',
  'mouse',
  'keyboard',
  'headset',
  'earmuffs',
  'usb-stick',
  'portable-ssd',
  'monitor',
  'laptop',
  'docking-station',
  'printer',
  'toner',
  'ink-cartridge',
  'office-chair',
  'cantilever-chair',
  'desk',
  'filing-cabinet',
  'shelf',
  'spray-bottle',
  'paper-towel-roll',
  'cloth',
  'glove',
  'safety-glasses',
  'mask',
  'hi-vis-vest',
  'first-aid-kit',
  'plaster',
  'beaker',
  'volumetric-flask',
  'pipette',
  'tip-rack',
  'centrifuge-tube',
  'petri-dish',
  'drill',
  'screwdriver',
  'screw',
  'bolt',
  'wall-plug',
  'paper-cup',
  'mug',
  'dishwasher-tabs',
  'coffee-bag',
  'water-bottle',
  'book',
] as const;
export type DrawnShape = (typeof DRAWN_SHAPES)[number];

/**
 * The colours a picture can be drawn in, by English name (as product variants name them). The URL
 * carries the hex value; only these are accepted, so the set of pictures stays finite.
 */
export const DRAWN_COLOURS = {
  black: '2b2d31',
  white: 'f4f4f1',
  grey: '8a9099',
  silver: 'c3c8cf',
  red: 'c8362e',
  orange: 'ee7d1a',
  yellow: 'f3c623',
  green: '2f8a4c',
  blue: '2160b8',
  cyan: '12a4d8',
  magenta: 'c61f7f',
  brown: '6e4a34',
  oak: 'c79d6b',
  clear: 'd7eaf2',
  teal: '1c7f86',
  navy: '243a6b',
} as const;
export type DrawnColour = keyof typeof DRAWN_COLOURS;

/** Front, a three-quarter turn, and a close-up of the brand: the gallery of a drawn product. */
export const DRAWN_VIEWS = ['front', 'angled', 'detail'] as const;
export type DrawnView = (typeof DRAWN_VIEWS)[number];

/** The brand printed on the picture; longer text would not fit a label at 75 px anyway. */
export const DRAWN_BRAND_MAX_LENGTH = 40;

export interface DrawnPicture {
  shape: DrawnShape;
  colour: DrawnColour;
  view: DrawnView;
  kind: ImageKind;
  brand: string;
}

/**
 * The picture's URL as a path relative to the gateway: stored relative, so a catalog built once
 * stays right when PUBLIC_URL changes (the API answers it absolute, pages load it as it is).
 */
export function drawnPicturePath({ shape, colour, view, kind, brand }: DrawnPicture): string {
  const text = [...brand].slice(0, DRAWN_BRAND_MAX_LENGTH).join('');
  return `/images/drawn/${shape}/${DRAWN_COLOURS[colour]}/${view}/${kind}.svg?brand=${encodeURIComponent(text)}`;
}
