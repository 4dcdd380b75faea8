import { Drawing, Ink, METAL, METAL_EDGE, PAPER, PLASTIC, outline } from './drawing';

/** Paper, writing instruments, filing and desk accessories. */
export const OFFICE_DRAWINGS = {
  // A wrapped ream in perspective: front, lit top, shaded side, the paper edge showing at the top.
  'paper-ream': {
    draw: (k: Ink) =>
      `<path d="M12 44 L26 30 L90 30 L76 44 Z" fill="${k.light}" ${outline(k)}/>` +
      `<path d="M76 44 L90 30 L90 72 L76 86 Z" fill="${k.dark}" ${outline(k)}/>` +
      `<rect x="12" y="44" width="64" height="42" fill="${k.main}" ${outline(k)}/>` +
      `<path d="M12 48 L76 48 L90 34" fill="none" stroke="${PAPER}" stroke-width="2.4"/>`,
    label: { x: 18, y: 56, width: 52, height: 16 },
    focus: [44, 64],
  },
  // A spiral pad: coloured cover band, spiral, ruled paper.
  notepad: {
    draw: (k: Ink) =>
      `<rect x="24" y="14" width="52" height="74" rx="2" fill="${PAPER}" ${outline(k)}/>` +
      Array.from(
        { length: 8 },
        (_, i) =>
          `<line x1="29" x2="71" y1="${48 + i * 5}" y2="${48 + i * 5}" stroke="#b7c6d8" stroke-width="0.8"/>`,
      ).join('') +
      `<rect x="24" y="14" width="52" height="28" rx="2" fill="${k.main}" ${outline(k)}/>` +
      Array.from(
        { length: 9 },
        (_, i) =>
          `<rect x="${27.5 + i * 5}" y="10" width="2.4" height="8" rx="1.2" fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="0.5"/>`,
      ).join(''),
    label: { x: 30, y: 24, width: 40, height: 11 },
    focus: [50, 30],
  },
  // A ballpoint pen lying diagonally: cap end, clip, barrel, metal tip.
  pen: {
    draw: (k: Ink) =>
      `<path d="M74 45 L88 50 L74 55 Z" fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="0.8"/>` +
      `<rect x="10" y="44.5" width="66" height="11" rx="3" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="10" y="44.5" width="9" height="11" rx="3" fill="${k.dark}"/>` +
      `<rect x="14" y="40.5" width="30" height="3.2" rx="1.6" fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="0.6"/>` +
      `<rect x="66" y="44.5" width="6" height="11" fill="${k.dark}" opacity="0.6"/>`,
    label: { x: 26, y: 46.5, width: 36, height: 7 },
    transform: 'rotate(-32 50 50)',
    focus: [47, 51],
  },
  // A chunky highlighter or marker with its cap on.
  marker: {
    draw: (k: Ink) =>
      `<rect x="14" y="39" width="56" height="22" rx="5" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="66" y="37" width="22" height="26" rx="4" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="66" y="37" width="5" height="26" fill="${k.dark}"/>` +
      `<rect x="14" y="39" width="7" height="22" rx="3" fill="${k.dark}"/>`,
    label: { x: 25, y: 43.5, width: 38, height: 13 },
    transform: 'rotate(-22 50 50)',
    focus: [46, 52],
  },
  // A lever arch file from its spine side: spine with finger hole and spine label, cover behind.
  binder: {
    draw: (k: Ink) =>
      `<path d="M44 12 L82 18 L82 84 L44 88 Z" fill="${k.light}" ${outline(k)}/>` +
      `<rect x="20" y="12" width="26" height="76" rx="2" fill="${k.main}" ${outline(k)}/>` +
      `<circle cx="33" cy="77" r="4.5" fill="#e7ebef" ${outline(k)}/>`,
    label: { x: 2, y: 37, width: 62, height: 16, rotate: -90 },
    focus: [33, 45],
  },
  // A pack of clear punched pockets, sheets inside, the pack's label on top.
  'sheet-protector': {
    draw: (k: Ink) =>
      `<rect x="30" y="10" width="52" height="74" rx="1" fill="${PAPER}" stroke="#9aa7b3" stroke-width="0.8"/>` +
      `<rect x="24" y="14" width="52" height="74" rx="1" fill="${PAPER}" stroke="#9aa7b3" stroke-width="0.8"/>` +
      `<rect x="24" y="14" width="52" height="74" rx="1" fill="${k.main}" opacity="0.35" ${outline(k, 0.8)}/>` +
      Array.from(
        { length: 11 },
        (_, i) =>
          `<circle cx="28" cy="${20 + i * 6.2}" r="1.3" fill="#ffffff" stroke="#7d8a96" stroke-width="0.5"/>`,
      ).join(''),
    label: { x: 34, y: 24, width: 36, height: 12 },
    focus: [52, 30],
  },
  // A sheet of self-adhesive labels in front of its box.
  'label-sheet': {
    draw: (k: Ink) =>
      `<rect x="24" y="8" width="52" height="60" rx="1" fill="${PAPER}" stroke="#9aa7b3" stroke-width="0.8"/>` +
      Array.from(
        { length: 12 },
        (_, i) =>
          `<rect x="${28 + (i % 2) * 23}" y="${12 + Math.floor(i / 2) * 9}" width="21" height="7.5" rx="1.5" fill="#ffffff" stroke="#b8c2cc" stroke-width="0.6"/>`,
      ).join('') +
      `<rect x="14" y="50" width="72" height="38" rx="1.5" fill="${k.main}" ${outline(k)}/>`,
    label: { x: 22, y: 60, width: 56, height: 16 },
    focus: [50, 68],
  },
  // A stapler from the side: base, arm, hinge.
  stapler: {
    draw: (k: Ink) =>
      `<rect x="12" y="72" width="76" height="9" rx="3" fill="${PLASTIC}"/>` +
      `<path d="M12 70 Q12 56 26 54 L82 49 Q90 49 89 56 L87 64 Q86 68 80 68 L16 72 Z" fill="${k.main}" ${outline(k)}/>` +
      `<circle cx="20" cy="68" r="4" fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="0.8"/>` +
      `<rect x="74" y="68" width="12" height="4" fill="${METAL}"/>`,
    label: { x: 34, y: 53, width: 40, height: 10, rotate: -4 },
    focus: [54, 58],
  },
  // A two-hole punch: base with paper guide, body, lever.
  'hole-punch': {
    draw: (k: Ink) =>
      `<rect x="10" y="72" width="80" height="12" rx="2" fill="${PLASTIC}"/>` +
      `<rect x="14" y="80" width="72" height="2" fill="${METAL}"/>` +
      `<path d="M20 72 L27 50 L73 50 L80 72 Z" fill="${k.main}" ${outline(k)}/>` +
      `<path d="M24 50 Q50 36 80 44 L80 49 L24 53 Z" fill="${k.dark}" ${outline(k)}/>` +
      `<circle cx="36" cy="70" r="2" fill="#1b1c1f"/><circle cx="64" cy="70" r="2" fill="#1b1c1f"/>`,
    label: { x: 32, y: 56, width: 36, height: 10 },
    focus: [50, 60],
  },
  // A desk organiser tray with pens and a ruler sticking out.
  'desk-organiser': {
    draw: (k: Ink) =>
      `<rect x="30" y="22" width="4" height="34" fill="#2160b8"/><rect x="37" y="16" width="4" height="40" fill="#c8362e"/>` +
      `<rect x="58" y="26" width="14" height="30" fill="#f3c623" transform="rotate(8 65 40)"/>` +
      `<path d="M16 48 L30 40 L84 40 L84 80 L70 88 L16 88 Z" fill="${k.dark}" ${outline(k)}/>` +
      `<rect x="16" y="48" width="54" height="40" fill="${k.main}" ${outline(k)}/>` +
      `<path d="M70 48 L84 40 L84 80 L70 88 Z" fill="${k.dark}" ${outline(k)}/>`,
    label: { x: 22, y: 61, width: 42, height: 14 },
    focus: [43, 68],
  },
} satisfies Record<string, Drawing>;
