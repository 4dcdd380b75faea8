/** The colours one drawing is painted with, all derived from the product's colour. */
export interface Ink {
  main: string;
  /** Outlines and shaded faces: the main colour darkened, so a white product still has edges. */
  dark: string;
  /** Lit faces. */
  light: string;
}

/** Where the brand label sits, on the drawing's own 100 x 100 grid (before its transform). */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Degrees about the label's centre, for labels along a spine or a barrel. */
  rotate?: number;
}

/** One product drawing: flat shapes on a 100 x 100 grid standing on a floor at y = 88. */
export interface Drawing {
  /** The SVG elements of the product, without the label. */
  draw(ink: Ink): string;
  label: LabelBox;
  /** A transform of product and label together (e.g. a pen lying diagonally). */
  transform?: string;
  /** The point the detail view zooms in on, on the final canvas (usually the label). */
  focus: [number, number];
}

/** The outline every drawing uses: thin, round-joined, in the dark ink. */
export const outline = (ink: Ink, width = 1.2): string =>
  `stroke="${ink.dark}" stroke-width="${width}" stroke-linejoin="round"`;

/** Neutral materials that do not take the product's colour. */
export const METAL = '#b9bec5';
export const METAL_EDGE = '#6f767e';
export const PLASTIC = '#3a3d43';
export const PAPER = '#fbfbf7';
export const GLASS = '#dcebf3';
export const GLASS_EDGE = '#7d9bb0';
export const SCREEN = 'url(#screen)';
