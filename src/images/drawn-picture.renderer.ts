import { LRUCache } from 'lru-cache';
import { fragment } from 'xmlbuilder2';
import { IMAGE_KINDS } from '../catalog/catalog.constants';
import { DRAWN_COLOURS, DrawnPicture, DrawnShape } from '../catalog/drawn-picture';
import { Drawing, Ink, LabelBox } from './drawings/drawing';
import { FACILITY_DRAWINGS } from './drawings/facility.drawings';
import { IT_DRAWINGS } from './drawings/it.drawings';
import { LAB_KITCHEN_DRAWINGS } from './drawings/lab-kitchen.drawings';
import { OFFICE_DRAWINGS } from './drawings/office.drawings';
import { RenderedImage, renderedImage } from './image-etag';

/** Every shape the catalog can name has a drawing (the compiler checks it). */
export const DRAWINGS = {
  ...OFFICE_DRAWINGS,
  ...IT_DRAWINGS,
  ...FACILITY_DRAWINGS,
  ...LAB_KITCHEN_DRAWINGS,
} satisfies Record<DrawnShape, Drawing>;

/**
 * How each view places the drawing: the front as drawn; "angled" squeezes it horizontally and
 * shears it vertically, which reads as a three-quarter turn for flat drawings; "detail" is the
 * front zoomed in (1.67 times) on the drawing's focus (usually the brand label).
 */
const ANGLED = 'matrix(0.86 -0.12 0 1 7 8)';
const DETAIL_SPAN = 60;

const LABEL_INK = '#1d2327';

/** Characters XML 1.0 cannot carry (controls, lone surrogates) are dropped from the brand. */
const XML_TEXT = { invalidCharReplacement: '' };

/**
 * The SVG of a drawn product picture. Everything in it comes from the URL's parts: the same parts
 * give the same bytes in every process (no randomness, no clock, no locale). The brand is the only
 * free text; it goes into the document through the XML builder, so `<`, `&` and quotes are escaped
 * and characters XML cannot carry are dropped.
 */
export function renderDrawnPictureSvg(picture: DrawnPicture): string {
  const drawing: Drawing = DRAWINGS[picture.shape];
  const { width, height } = IMAGE_KINDS[picture.kind];
  const ink = inkOf(DRAWN_COLOURS[picture.colour]);
  const [fx, fy] = drawing.focus;
  const viewBox =
    picture.view === 'detail'
      ? `${clamp(fx - DETAIL_SPAN / 2)} ${clamp(fy - DETAIL_SPAN / 2)} ${DETAIL_SPAN} ${DETAIL_SPAN}`
      : '0 0 100 100';
  const product = drawing.draw(ink) + label(drawing.label, picture.brand);
  const placed = drawing.transform ? `<g transform="${drawing.transform}">${product}</g>` : product;
  const title = fragment(XML_TEXT)
    .ele('title')
    .txt(`${picture.brand} ${picture.shape.replace(/-/g, ' ')}, ${picture.colour}`)
    .up()
    .end();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" role="img">` +
    title +
    '<defs>' +
    '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f9fb"/><stop offset="1" stop-color="#e4e8ee"/></linearGradient>' +
    '<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4a80"/><stop offset="0.6" stop-color="#3f86c6"/><stop offset="1" stop-color="#9fd0f0"/></linearGradient>' +
    '</defs>' +
    '<rect width="100" height="100" fill="url(#bg)"/>' +
    '<ellipse cx="50" cy="89" rx="38" ry="4" fill="#000000" opacity="0.12"/>' +
    (picture.view === 'angled' ? `<g transform="${ANGLED}">${placed}</g>` : placed) +
    '</svg>'
  );
}

/** The brand on a white label, shrunk to fit its box (squeezed if it is long). */
function label(box: LabelBox, brand: string): string {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Bold sans-serif glyphs average about 0.6 em. A long brand first gets a smaller font (down to
  // 40 % of the label's height); what still does not fit in 90 % of the width is squeezed.
  const room = box.width * 0.9;
  const natural = [...brand].length * 0.6;
  const fontSize = round(Math.max(box.height * 0.4, Math.min(box.height * 0.62, 9, room / natural)));
  const squeeze = natural * fontSize > room;
  const text = fragment(XML_TEXT)
    .ele('text', {
      x: String(round(cx)),
      y: String(round(cy + fontSize * 0.35)),
      'font-family': 'Arial, Helvetica, sans-serif',
      'font-weight': '700',
      'font-size': String(fontSize),
      'text-anchor': 'middle',
      fill: LABEL_INK,
      ...(squeeze ? { textLength: String(round(room)), lengthAdjust: 'spacingAndGlyphs' } : {}),
    })
    .txt(brand)
    .up()
    .end();
  const plate =
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="1.5" ` +
    `fill="#ffffff" stroke="${LABEL_INK}" stroke-opacity="0.25" stroke-width="0.5"/>`;
  return box.rotate
    ? `<g transform="rotate(${box.rotate} ${round(cx)} ${round(cy)})">${plate}${text}</g>`
    : plate + text;
}

function inkOf(hex: string): Ink {
  return { main: `#${hex}`, dark: mix(hex, 0, 0.45), light: mix(hex, 255, 0.35) };
}

/** The colour moved a share of the way towards black (0) or white (255). */
function mix(hex: string, target: number, share: number): string {
  const channels = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c + (target - c) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const clamp = (value: number) => Math.min(100 - DETAIL_SPAN, Math.max(0, round(value)));
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Rendered pictures by URL parts. The URL space is finite but large (every brand text), so the
 * cache is bounded; a miss costs one render, and browsers keep the pictures a year anyway.
 */
const rendered = new LRUCache<string, RenderedImage>({ max: 1000 });

/** A drawn picture with its ETag, rendered once per process while it is in demand. */
export function drawnPicture(picture: DrawnPicture): RenderedImage {
  const key = JSON.stringify([picture.shape, picture.colour, picture.view, picture.kind, picture.brand]);
  let image = rendered.get(key);
  if (!image) {
    image = renderedImage(renderDrawnPictureSvg(picture));
    rendered.set(key, image);
  }
  return image;
}
