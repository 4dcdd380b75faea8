import { Drawing, GLASS, GLASS_EDGE, Ink, PAPER, PLASTIC, outline } from './drawing';

const glass = `fill="${GLASS}" fill-opacity="0.75" stroke="${GLASS_EDGE}" stroke-width="1.2"`;
const graduation = (x: number, from: number, to: number, step: number) =>
  Array.from(
    { length: Math.floor((to - from) / step) + 1 },
    (_, i) =>
      `<path d="M${x} ${from + i * step} L${x + (i % 2 === 0 ? 6 : 3.5)} ${from + i * step}" stroke="${GLASS_EDGE}" stroke-width="0.8"/>`,
  ).join('');

/** Lab glassware and consumables, kitchen supplies, beverages, books. */
export const LAB_KITCHEN_DRAWINGS = {
  // A glass beaker with a spout, graduation marks and coloured liquid.
  beaker: {
    draw: (k: Ink) =>
      `<path d="M31 56 L69 56 L69 84 Q69 88 65 88 L35 88 Q31 88 31 84 Z" fill="${k.main}" opacity="0.8"/>` +
      `<path d="M26 16 L72 16 L70 20 L70 84 Q70 88 66 88 L34 88 Q30 88 30 84 L30 22 Z" ${glass}/>` +
      graduation(58, 34, 78, 5.5),
    label: { x: 34, y: 24, width: 30, height: 9 },
    focus: [50, 30],
  },
  // A volumetric flask: round bulb, long neck with its ring mark, stopper.
  'volumetric-flask': {
    draw: (k: Ink) =>
      `<path d="M30 70 A22 22 0 0 0 70 70 Z" fill="${k.main}" opacity="0.8"/>` +
      `<path d="M45 16 L55 16 L55 48 A22 22 0 1 1 45 48 Z" ${glass}/>` +
      `<path d="M45 30 L55 30" stroke="${GLASS_EDGE}" stroke-width="1"/>` +
      `<rect x="43" y="8" width="14" height="10" rx="2" fill="${k.dark}"/>`,
    label: { x: 37, y: 56, width: 26, height: 8 },
    focus: [50, 60],
  },
  // A single-channel pipette: plunger, handle, tapered shaft, tip.
  pipette: {
    draw: (k: Ink) =>
      `<rect x="45" y="4" width="10" height="10" rx="3" fill="${k.dark}"/><rect x="48" y="12" width="4" height="6" fill="${PLASTIC}"/>` +
      `<rect x="39" y="16" width="22" height="48" rx="8" fill="${k.main}" ${outline(k)}/>` +
      `<path d="M44 64 L56 64 L52.5 84 L47.5 84 Z" fill="#d5d9de" stroke="#8f969e" stroke-width="0.8"/>` +
      `<path d="M47.5 84 L52.5 84 L50.5 95 L49.5 95 Z" fill="#f2e9b5" stroke="#b9a74f" stroke-width="0.6"/>`,
    label: { x: 32, y: 34, width: 36, height: 11, rotate: -90 },
    transform: 'rotate(14 50 50)',
    focus: [49, 40],
  },
  // A rack of pipette tips: coloured box, lid grid with the tips showing.
  'tip-rack': {
    draw: (k: Ink) =>
      `<path d="M14 48 L28 32 L92 32 L78 48 Z" fill="${k.light}" ${outline(k)}/>` +
      Array.from(
        { length: 24 },
        (_, i) =>
          `<circle cx="${27 + (i % 8) * 7.2 - Math.floor(i / 8) * 4}" cy="${36 + Math.floor(i / 8) * 4.6}" r="1.8" fill="#f2e9b5" stroke="#b9a74f" stroke-width="0.5"/>`,
      ).join('') +
      `<path d="M78 48 L92 32 L92 66 L78 84 Z" fill="${k.dark}" ${outline(k)}/>` +
      `<rect x="14" y="48" width="64" height="36" fill="${k.main}" ${outline(k)}/>`,
    label: { x: 20, y: 58, width: 52, height: 14 },
    focus: [46, 64],
  },
  // A conical centrifuge tube with screw cap and writing field, a second one behind.
  'centrifuge-tube': {
    draw: (k: Ink) =>
      `<g transform="translate(20 4) rotate(8 50 50)" opacity="0.7"><path d="M42 22 L58 22 L58 74 L50 86 L42 74 Z" ${glass}/><rect x="40" y="12" width="20" height="11" rx="2" fill="${k.main}"/></g>` +
      `<path d="M38 24 L62 24 L62 72 L50 90 L38 72 Z" ${glass}/>` +
      graduation(56, 32, 68, 4.5) +
      `<rect x="36" y="10" width="28" height="15" rx="2.5" fill="${k.main}" ${outline(k)}/>`,
    label: { x: 28, y: 43, width: 30, height: 10, rotate: -90 },
    focus: [44, 48],
  },
  // A stack of petri dishes with coloured agar, the pack's label in front.
  'petri-dish': {
    draw: (k: Ink) =>
      [0, 1, 2, 3]
        .map((i) => {
          const y = 74 - i * 14;
          return `<path d="M16 ${y} L16 ${y + 8} A34 7 0 0 0 84 ${y + 8} L84 ${y} Z" ${glass}/><ellipse cx="50" cy="${y + 5}" rx="32" ry="5.5" fill="${k.main}" opacity="0.7"/><ellipse cx="50" cy="${y}" rx="34" ry="7" ${glass}/>`;
        })
        .join(''),
    label: { x: 32, y: 74, width: 36, height: 10 },
    focus: [50, 76],
  },
  // A stack of paper cups with a printed band.
  'paper-cup': {
    draw: (k: Ink) =>
      `<ellipse cx="50" cy="20" rx="22" ry="4.5" fill="${PAPER}" stroke="#9aa7b3" stroke-width="1"/>` +
      `<path d="M28 22 L72 22 L71 28 L29 28 Z" fill="${PAPER}" stroke="#9aa7b3" stroke-width="1"/>` +
      `<path d="M29 28 L71 28 L64 88 L36 88 Z" fill="${PAPER}" stroke="#9aa7b3" stroke-width="1"/>` +
      `<path d="M31 44 L69 44 L67 64 L33 64 Z" fill="${k.main}" ${outline(k)}/>` +
      `<ellipse cx="50" cy="26" rx="22" ry="4.5" fill="${PAPER}" stroke="#9aa7b3" stroke-width="1"/><ellipse cx="50" cy="26" rx="19" ry="3" fill="#e8e6de"/>`,
    label: { x: 36, y: 48.5, width: 28, height: 11 },
    focus: [50, 54],
  },
  // A mug with its handle and the brand printed on it.
  mug: {
    draw: (k: Ink) =>
      `<path d="M68 36 Q86 36 86 54 Q86 72 68 72" fill="none" stroke="${k.dark}" stroke-width="9"/>` +
      `<path d="M68 36 Q86 36 86 54 Q86 72 68 72" fill="none" stroke="${k.main}" stroke-width="6.5"/>` +
      `<path d="M22 26 L70 26 L70 80 Q70 88 62 88 L30 88 Q22 88 22 80 Z" fill="${k.main}" ${outline(k)}/>` +
      `<ellipse cx="46" cy="26" rx="24" ry="5" fill="${k.light}" ${outline(k)}/><ellipse cx="46" cy="26.5" rx="20" ry="3.4" fill="#5a3a24"/>`,
    label: { x: 30, y: 48, width: 32, height: 13 },
    focus: [46, 54],
  },
  // A box of dishwasher tabs with two tabs in front.
  'dishwasher-tabs': {
    draw: (k: Ink) =>
      `<path d="M14 24 L26 14 L82 14 L70 24 Z" fill="${k.light}" ${outline(k)}/>` +
      `<path d="M70 24 L82 14 L82 68 L70 78 Z" fill="${k.dark}" ${outline(k)}/>` +
      `<rect x="14" y="24" width="56" height="54" fill="${k.main}" ${outline(k)}/>` +
      [0, 1]
        .map(
          (i) =>
            `<g transform="translate(${i * 16} ${i * 3})"><rect x="58" y="66" width="16" height="18" rx="2" fill="#ffffff" stroke="#8f969e" stroke-width="0.8"/><rect x="58" y="76" width="16" height="8" rx="2" fill="#2160b8"/><circle cx="66" cy="74" r="3" fill="#c8362e"/></g>`,
        )
        .join(''),
    label: { x: 20, y: 34, width: 44, height: 14 },
    focus: [42, 41],
  },
  // A bag of coffee beans with a valve, a few beans in front.
  'coffee-bag': {
    draw: (k: Ink) =>
      `<path d="M26 20 L74 20 L78 88 L22 88 Z" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="25" y="12" width="50" height="10" rx="1" fill="${k.dark}"/><circle cx="64" cy="32" r="3" fill="${k.dark}"/>` +
      [
        [18, 86],
        [30, 90],
        [80, 86],
        [70, 91],
      ]
        .map(
          ([x, y]) =>
            `<ellipse cx="${x}" cy="${y}" rx="4" ry="3" fill="#5a3a24"/><path d="M${x - 3} ${y} Q${x} ${y - 1.5} ${x + 3} ${y}" stroke="#2f1d12" stroke-width="0.7" fill="none"/>`,
        )
        .join(''),
    label: { x: 31, y: 44, width: 38, height: 20 },
    focus: [50, 54],
  },
  // A water bottle: cap, clear body, wrap-around label band.
  'water-bottle': {
    draw: (k: Ink) =>
      `<rect x="43" y="6" width="14" height="8" rx="1.5" fill="${k.dark}"/>` +
      `<path d="M44 14 L56 14 L56 22 Q70 28 70 40 L70 86 Q70 90 66 90 L34 90 Q30 90 30 86 L30 40 Q30 28 44 22 Z" ${glass}/>` +
      `<rect x="30" y="48" width="40" height="22" fill="${k.main}" ${outline(k)}/>`,
    label: { x: 33, y: 52, width: 34, height: 14 },
    focus: [50, 59],
  },
  // A hardcover book in three-quarter view: spine, cover with the publisher's title block.
  book: {
    draw: (k: Ink) =>
      `<path d="M74 14 L80 18 L80 88 L74 86 Z" fill="${PAPER}" stroke="#9aa7b3" stroke-width="0.8"/>` +
      `<path d="M16 18 L26 12 L26 86 L16 90 Z" fill="${k.dark}" ${outline(k)}/>` +
      `<rect x="26" y="12" width="50" height="74" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="31" y="18" width="40" height="1.5" fill="${k.light}"/><rect x="31" y="78" width="40" height="1.5" fill="${k.light}"/>` +
      `<rect x="34" y="52" width="34" height="2" fill="${k.light}"/><rect x="38" y="58" width="26" height="2" fill="${k.light}"/>`,
    label: { x: 30, y: 28, width: 42, height: 14 },
    focus: [51, 35],
  },
} satisfies Record<string, Drawing>;
