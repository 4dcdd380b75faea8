import { IMAGE_KINDS, ImageKind } from '../catalog.constants';
import { ImageInput } from '../catalog-product.input';
import {
  DRAWN_COLOURS,
  DRAWN_VIEWS,
  DrawnColour,
  DrawnShape,
  DrawnView,
  drawnPicturePath,
} from '../drawn-picture';

/**
 * What each demo product type looks like: the drawing, and the colour it has when its variant
 * names none (a variant such as "blue" or "cyan" is the product's colour).
 */
export const DEMO_PICTURES: Record<string, { shape: DrawnShape; colour: DrawnColour }> = {
  'copy-paper': { shape: 'paper-ream', colour: 'blue' },
  'printer-paper': { shape: 'paper-ream', colour: 'green' },
  notepad: { shape: 'notepad', colour: 'red' },
  'ballpoint-pen': { shape: 'pen', colour: 'blue' },
  'felt-tip-pen': { shape: 'pen', colour: 'red' },
  pencil: { shape: 'pen', colour: 'yellow' },
  highlighter: { shape: 'marker', colour: 'yellow' },
  'permanent-marker': { shape: 'marker', colour: 'black' },
  'lever-arch-file': { shape: 'binder', colour: 'blue' },
  'sheet-protectors': { shape: 'sheet-protector', colour: 'clear' },
  labels: { shape: 'label-sheet', colour: 'orange' },
  stapler: { shape: 'stapler', colour: 'black' },
  'hole-punch': { shape: 'hole-punch', colour: 'grey' },
  'desk-organiser': { shape: 'desk-organiser', colour: 'black' },
  'usb-c-cable': { shape: 'cable', colour: 'black' },
  'network-cable': { shape: 'cable', colour: 'blue' },
  'hdmi-cable': { shape: 'cable', colour: 'black' },
  'usb-c-hdmi-adapter': { shape: 'adapter', colour: 'grey' },
  mouse: { shape: 'mouse', colour: 'black' },
  keyboard: { shape: 'keyboard', colour: 'black' },
  headset: { shape: 'headset', colour: 'black' },
  'docking-station': { shape: 'docking-station', colour: 'black' },
  'usb-flash-drive': { shape: 'usb-stick', colour: 'blue' },
  'external-ssd': { shape: 'portable-ssd', colour: 'grey' },
  monitor: { shape: 'monitor', colour: 'black' },
  laptop: { shape: 'laptop', colour: 'grey' },
  'laser-printer': { shape: 'printer', colour: 'white' },
  'colour-laser-printer': { shape: 'printer', colour: 'white' },
  'inkjet-printer': { shape: 'printer', colour: 'black' },
  toner: { shape: 'toner', colour: 'black' },
  'ink-cartridge': { shape: 'ink-cartridge', colour: 'black' },
  'office-chair': { shape: 'office-chair', colour: 'black' },
  'conference-chair': { shape: 'cantilever-chair', colour: 'navy' },
  'standing-desk': { shape: 'desk', colour: 'oak' },
  'filing-cabinet': { shape: 'filing-cabinet', colour: 'grey' },
  shelving: { shape: 'shelf', colour: 'grey' },
  'all-purpose-cleaner': { shape: 'spray-bottle', colour: 'green' },
  'paper-towels': { shape: 'paper-towel-roll', colour: 'blue' },
  'microfibre-cloths': { shape: 'cloth', colour: 'blue' },
  'disposable-gloves': { shape: 'glove', colour: 'blue' },
  'cut-protection-gloves': { shape: 'glove', colour: 'grey' },
  'safety-glasses': { shape: 'safety-glasses', colour: 'black' },
  'ffp2-masks': { shape: 'mask', colour: 'white' },
  'hi-vis-vest': { shape: 'hi-vis-vest', colour: 'yellow' },
  earmuffs: { shape: 'earmuffs', colour: 'red' },
  'first-aid-kit': { shape: 'first-aid-kit', colour: 'green' },
  plasters: { shape: 'plaster', colour: 'red' },
  beaker: { shape: 'beaker', colour: 'blue' },
  'volumetric-flask': { shape: 'volumetric-flask', colour: 'blue' },
  pipette: { shape: 'pipette', colour: 'grey' },
  'pipette-tips': { shape: 'tip-rack', colour: 'blue' },
  'centrifuge-tubes': { shape: 'centrifuge-tube', colour: 'blue' },
  'petri-dishes': { shape: 'petri-dish', colour: 'red' },
  'cordless-drill': { shape: 'drill', colour: 'teal' },
  'screwdriver-set': { shape: 'screwdriver', colour: 'red' },
  'wood-screws': { shape: 'screw', colour: 'orange' },
  'hex-bolts': { shape: 'bolt', colour: 'blue' },
  'wall-plugs': { shape: 'wall-plug', colour: 'grey' },
  'paper-cups': { shape: 'paper-cup', colour: 'brown' },
  'coffee-mugs': { shape: 'mug', colour: 'white' },
  'dishwasher-tabs': { shape: 'dishwasher-tabs', colour: 'blue' },
  'coffee-beans': { shape: 'coffee-bag', colour: 'brown' },
  'mineral-water': { shape: 'water-bottle', colour: 'blue' },
};

/** Book covers: one of these, picked by the product id (the same book always gets the same). */
const BOOK_COLOURS: DrawnColour[] = ['navy', 'red', 'green', 'teal', 'orange', 'black', 'brown'];

const VIEW_TEXT: Record<DrawnView, string> = {
  front: 'front view',
  angled: 'angled view',
  detail: 'close-up of the label',
};

/** The colour a variant names (English), if it is one the pictures can show. */
export function variantColour(variant: string): DrawnColour | undefined {
  return Object.hasOwn(DRAWN_COLOURS, variant) ? (variant as DrawnColour) : undefined;
}

/** The colour of a book's cover: a stable pick by its id (FNV-1a), no random draw. */
export function bookColour(id: string): DrawnColour {
  let hash = 0x811c9dc5;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return BOOK_COLOURS[hash % BOOK_COLOURS.length];
}

/**
 * A demo product's pictures: every view in every size (the sizes the API lists), front first, as
 * relative URLs of the drawn-picture route. Alt text names the product, its brand and colour, and
 * the view, in English as catalog imports store it.
 */
export function demoPictures(
  product: { name: string; brand: string },
  shape: DrawnShape,
  colour: DrawnColour,
): ImageInput[] {
  return DRAWN_VIEWS.flatMap((view) =>
    (Object.keys(IMAGE_KINDS) as ImageKind[]).map((kind) => ({
      url: drawnPicturePath({ shape, colour, view, kind, brand: product.brand }),
      ...IMAGE_KINDS[kind],
      altText: `${product.name} (${product.brand}, ${colour}), ${VIEW_TEXT[view]}`,
      kind,
    })),
  );
}
