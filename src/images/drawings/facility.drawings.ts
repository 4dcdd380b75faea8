import { Drawing, GLASS, Ink, METAL, METAL_EDGE, PAPER, PLASTIC, outline } from './drawing';

const metal = `fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="0.8"`;

/** A box of fasteners with one of them lying in front of it. */
const fastenerBox = (k: Ink, front: string) =>
  `<path d="M18 26 L30 16 L92 16 L80 26 Z" fill="${k.light}" ${outline(k)}/>` +
  `<path d="M80 26 L92 16 L92 58 L80 68 Z" fill="${k.dark}" ${outline(k)}/>` +
  `<rect x="18" y="26" width="62" height="42" fill="${k.main}" ${outline(k)}/>` +
  front;

/** Furniture, cleaning, protective equipment, first aid, tools and fasteners. */
export const FACILITY_DRAWINGS = {
  // A swivel chair from the front: backrest, seat, arms, gas lift, five-star base on castors.
  'office-chair': {
    draw: (k: Ink) =>
      `<rect x="48" y="60" width="4" height="16" ${metal}/>` +
      `<path d="M50 76 L20 84 M50 76 L36 87 M50 76 L64 87 M50 76 L80 84" stroke="${PLASTIC}" stroke-width="3.5" stroke-linecap="round"/>` +
      [20, 36, 64, 80]
        .map((x, i) => `<circle cx="${x}" cy="${i === 0 || i === 3 ? 86 : 89}" r="2.6" fill="${PLASTIC}"/>`)
        .join('') +
      `<rect x="29" y="8" width="42" height="44" rx="12" fill="${k.main}" ${outline(k)}/>` +
      `<path d="M34 16 Q50 12 66 16" fill="none" stroke="${k.dark}" stroke-width="0.8"/>` +
      `<path d="M20 46 L20 56 M80 46 L80 56" stroke="${PLASTIC}" stroke-width="4" stroke-linecap="round"/>` +
      `<rect x="22" y="52" width="56" height="11" rx="5.5" fill="${k.main}" ${outline(k)}/>`,
    label: { x: 38, y: 40, width: 24, height: 7 },
    focus: [50, 43],
  },
  // A cantilever conference chair from the side: chrome frame, seat, backrest.
  'cantilever-chair': {
    draw: (k: Ink) =>
      `<path d="M30 18 L30 56 L72 56 Q82 58 76 86 L24 86" fill="none" stroke="${METAL_EDGE}" stroke-width="3.5" stroke-linejoin="round"/>` +
      `<path d="M30 18 L30 56 L72 56 Q82 58 76 86 L24 86" fill="none" stroke="${METAL}" stroke-width="2"/>` +
      `<rect x="24" y="12" width="14" height="42" rx="5" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="28" y="49" width="48" height="9" rx="4" fill="${k.main}" ${outline(k)}/>`,
    label: { x: 10, y: 28, width: 42, height: 8, rotate: -90 },
    focus: [35, 38],
  },
  // A height-adjustable desk: top, two telescopic legs with feet, crossbar, control panel.
  desk: {
    draw: (k: Ink) =>
      `<rect x="20" y="36" width="7" height="46" fill="${PLASTIC}"/><rect x="73" y="36" width="7" height="46" fill="${PLASTIC}"/>` +
      `<rect x="21" y="52" width="5" height="30" ${metal}/><rect x="74" y="52" width="5" height="30" ${metal}/>` +
      `<rect x="10" y="82" width="28" height="4" rx="2" fill="${PLASTIC}"/><rect x="62" y="82" width="28" height="4" rx="2" fill="${PLASTIC}"/>` +
      `<rect x="27" y="44" width="46" height="3" fill="${PLASTIC}"/>` +
      `<rect x="6" y="28" width="88" height="8" rx="1.5" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="58" y="36" width="22" height="6" rx="1" fill="${PLASTIC}"/>`,
    label: { x: 30, y: 29, width: 40, height: 6 },
    focus: [50, 34],
  },
  // A four-drawer filing cabinet with handles and a lock.
  'filing-cabinet': {
    draw: (k: Ink) =>
      `<rect x="26" y="8" width="48" height="80" rx="2" fill="${k.main}" ${outline(k)}/>` +
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="29" y="${12 + i * 19}" width="42" height="17" rx="1" fill="${k.light}" ${outline(k, 0.8)}/><rect x="43" y="${23 + i * 19}" width="14" height="3" rx="1.5" ${metal}/>`,
        )
        .join('') +
      `<circle cx="66" cy="11" r="1.6" ${metal}/>`,
    label: { x: 39, y: 14.5, width: 22, height: 7 },
    focus: [50, 22],
  },
  // Open shelving: uprights, five boards, a few files on them.
  shelf: {
    draw: (k: Ink) =>
      [14, 30, 46, 62]
        .map((y, i) =>
          [0, 1, 2]
            .map(
              (j) =>
                `<rect x="${22 + j * 9 + i * 12}" y="${y - 11 + (j % 2) * 2}" width="7" height="${11 - (j % 2) * 2}" fill="${['#2160b8', '#c8362e', '#2f8a4c', '#f3c623'][(i + j) % 4]}"/>`,
            )
            .join(''),
        )
        .join('') +
      `<rect x="14" y="6" width="4" height="82" fill="${k.dark}"/><rect x="82" y="6" width="4" height="82" fill="${k.dark}"/>` +
      [14, 30, 46, 62, 78]
        .map((y) => `<rect x="12" y="${y}" width="76" height="5" fill="${k.main}" ${outline(k, 0.8)}/>`)
        .join(''),
    label: { x: 40, y: 46.5, width: 24, height: 4 },
    focus: [52, 48],
  },
  // A trigger spray bottle with a big label.
  'spray-bottle': {
    draw: (k: Ink) =>
      `<path d="M34 40 L66 40 L70 86 Q70 88 68 88 L32 88 Q30 88 30 86 Z" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="40" y="32" width="20" height="9" fill="${PLASTIC}"/>` +
      `<path d="M36 32 L36 20 L64 20 Q68 20 68 26 L68 32 Z" fill="#f4f4f1" stroke="#6f767e" stroke-width="1"/>` +
      `<rect x="22" y="21" width="14" height="6" fill="#f4f4f1" stroke="#6f767e" stroke-width="1"/>` +
      `<path d="M44 32 L40 46" stroke="#f4f4f1" stroke-width="4" stroke-linecap="round"/>`,
    label: { x: 34, y: 52, width: 32, height: 24 },
    focus: [50, 64],
  },
  // A roll of paper towels with a printed band.
  'paper-towel-roll': {
    draw: (k: Ink) =>
      `<rect x="28" y="16" width="44" height="70" fill="${PAPER}" stroke="#9aa7b3" stroke-width="1"/>` +
      `<ellipse cx="50" cy="86" rx="22" ry="5" fill="${PAPER}" stroke="#9aa7b3" stroke-width="1"/>` +
      `<ellipse cx="50" cy="16" rx="22" ry="5" fill="#f0efe8" stroke="#9aa7b3" stroke-width="1"/><ellipse cx="50" cy="16" rx="6" ry="1.8" fill="#8a7355"/>` +
      `<rect x="28" y="42" width="44" height="24" fill="${k.main}" ${outline(k)}/>`,
    label: { x: 32, y: 47, width: 36, height: 14 },
    focus: [50, 54],
  },
  // A stack of folded cloths held by a paper band.
  cloth: {
    draw: (k: Ink) =>
      [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${16 + i * 2}" y="${66 - i * 16}" width="64" height="17" rx="6" fill="${i === 1 ? k.light : k.main}" ${outline(k)}/>`,
        )
        .join('') +
      `<rect x="42" y="34" width="16" height="49" fill="${PAPER}" stroke="#9aa7b3" stroke-width="0.8"/>`,
    label: { x: 30, y: 54, width: 40, height: 12 },
    focus: [50, 60],
  },
  // A work glove: four fingers, thumb, palm, ribbed cuff.
  glove: {
    draw: (k: Ink) =>
      [
        [28, 20],
        [38, 12],
        [48, 12],
        [58, 18],
      ]
        .map(
          ([x, y]) =>
            `<rect x="${x}" y="${y}" width="9.5" height="36" rx="4.75" fill="${k.main}" ${outline(k)}/>`,
        )
        .join('') +
      `<rect x="66" y="40" width="9.5" height="28" rx="4.75" fill="${k.main}" ${outline(k)} transform="rotate(40 70 54)"/>` +
      `<rect x="27" y="38" width="42" height="36" rx="10" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="30" y="70" width="36" height="18" rx="2" fill="${k.dark}" ${outline(k)}/>`,
    label: { x: 32, y: 74, width: 32, height: 10 },
    focus: [48, 74],
  },
  // Safety glasses: brow bar, two tinted lenses, side arms.
  'safety-glasses': {
    draw: (k: Ink) =>
      `<path d="M14 38 L6 56 M86 38 L94 56" stroke="${k.dark}" stroke-width="3" stroke-linecap="round"/>` +
      `<path d="M14 38 L48 38 L47 58 Q40 70 26 66 Q14 62 14 48 Z M52 38 L86 38 L86 48 Q86 62 74 66 Q60 70 53 58 Z" fill="${GLASS}" fill-opacity="0.8" ${outline(k)}/>` +
      `<rect x="12" y="32" width="76" height="7" rx="3" fill="${k.main}" ${outline(k)}/>`,
    label: { x: 38, y: 32.5, width: 24, height: 6 },
    focus: [50, 40],
  },
  // An FFP2 mask: folded shell, valve, ear loops.
  mask: {
    draw: (k: Ink) =>
      `<path d="M14 48 Q4 40 10 30 M86 48 Q96 40 90 30 M14 56 Q4 66 12 72 M86 56 Q96 66 88 72" fill="none" stroke="${k.main}" stroke-width="2"/>` +
      `<path d="M14 50 Q14 30 50 26 Q86 30 86 50 Q86 72 50 78 Q14 72 14 50 Z" fill="${PAPER}" stroke="#9aa7b3" stroke-width="1.2"/>` +
      `<path d="M16 50 L84 50" stroke="#c9ced4" stroke-width="1"/><path d="M38 30 Q50 27 62 30" stroke="${METAL_EDGE}" stroke-width="1.5" fill="none"/>` +
      `<circle cx="66" cy="62" r="6" fill="${k.main}" ${outline(k)}/>`,
    label: { x: 28, y: 55, width: 26, height: 8 },
    focus: [44, 58],
  },
  // A high-visibility vest with two reflective bands.
  'hi-vis-vest': {
    draw: (k: Ink) =>
      `<path d="M30 10 L42 10 L50 36 L58 10 L70 10 L82 24 L82 88 L18 88 L18 24 Z" fill="${k.main}" ${outline(k)}/>` +
      `<path d="M50 36 L50 88" stroke="${k.dark}" stroke-width="1"/>` +
      `<rect x="18" y="58" width="64" height="6" ${metal}/><rect x="18" y="72" width="64" height="6" ${metal}/>` +
      `<rect x="32" y="10" width="6" height="48" ${metal}/><rect x="62" y="10" width="6" height="48" ${metal}/>`,
    label: { x: 52, y: 42, width: 24, height: 8 },
    focus: [62, 46],
  },
  // A first aid box: handle, white cross, brand under the cross.
  'first-aid-kit': {
    draw: (k: Ink) =>
      `<path d="M38 30 L38 20 Q38 16 42 16 L58 16 Q62 16 62 20 L62 30" fill="none" stroke="${k.dark}" stroke-width="4"/>` +
      `<rect x="14" y="28" width="72" height="56" rx="7" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="44" y="36" width="12" height="30" fill="#ffffff"/><rect x="35" y="45" width="30" height="12" fill="#ffffff"/>`,
    label: { x: 30, y: 70, width: 40, height: 9 },
    focus: [50, 68],
  },
  // A box of plasters with one plaster in front.
  plaster: {
    draw: (k: Ink) =>
      `<rect x="20" y="12" width="60" height="46" rx="2" fill="${k.main}" ${outline(k)}/>` +
      `<g transform="rotate(-12 50 72)"><rect x="14" y="63" width="72" height="18" rx="9" fill="#e3b07f" stroke="#a0714a" stroke-width="1"/>` +
      `<rect x="39" y="65" width="22" height="14" rx="2" fill="#f3dcc2"/></g>`,
    label: { x: 26, y: 22, width: 48, height: 14 },
    focus: [50, 30],
  },
  // A cordless drill: motor housing, chuck and bit, grip, battery.
  drill: {
    draw: (k: Ink) =>
      `<rect x="86" y="35" width="10" height="2.5" ${metal}/><path d="M74 30 L87 32 L87 41 L74 43 Z" fill="${PLASTIC}"/>` +
      `<path d="M36 46 L52 46 L48 74 L32 74 Z" fill="${PLASTIC}"/><rect x="48" y="48" width="4" height="8" rx="1.5" fill="${k.dark}"/>` +
      `<rect x="18" y="24" width="58" height="24" rx="10" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="24" y="72" width="34" height="14" rx="3" fill="${k.main}" ${outline(k)}/><rect x="24" y="82" width="34" height="4" rx="1.5" fill="${PLASTIC}"/>`,
    label: { x: 28, y: 30, width: 36, height: 11 },
    focus: [46, 38],
  },
  // Three screwdrivers standing in their holder.
  screwdriver: {
    draw: (k: Ink) =>
      [28, 46, 64]
        .map(
          (x) =>
            `<rect x="${x + 4.5}" y="36" width="3" height="34" ${metal}/><rect x="${x}" y="10" width="12" height="28" rx="4" fill="${k.main}" ${outline(k)}/><rect x="${x + 3}" y="14" width="2" height="20" fill="${k.dark}" opacity="0.6"/><rect x="${x + 7}" y="14" width="2" height="20" fill="${k.dark}" opacity="0.6"/>`,
        )
        .join('') + `<rect x="14" y="58" width="72" height="28" rx="3" fill="${PLASTIC}"/>`,
    label: { x: 26, y: 64, width: 48, height: 13 },
    focus: [50, 70],
  },
  screw: {
    draw: (k: Ink) =>
      fastenerBox(
        k,
        `<path d="M16 70 L22 70 L22 86 L16 86 Z" ${metal}/>` +
          `<path d="M22 74 L76 75 L88 78 L76 81 L22 82 Z" ${metal}/>` +
          Array.from(
            { length: 11 },
            (_, i) =>
              `<path d="M${26 + i * 5} 73.5 L${29 + i * 5} 82.5" stroke="${METAL_EDGE}" stroke-width="0.8"/>`,
          ).join(''),
      ),
    label: { x: 24, y: 36, width: 50, height: 14 },
    focus: [50, 46],
  },
  bolt: {
    draw: (k: Ink) =>
      fastenerBox(
        k,
        `<path d="M14 72 L20 68 L26 72 L26 84 L20 88 L14 84 Z" ${metal}/>` +
          `<rect x="26" y="74" width="52" height="8" ${metal}/>` +
          Array.from(
            { length: 8 },
            (_, i) =>
              `<path d="M${50 + i * 3.5} 74 L${52 + i * 3.5} 82" stroke="${METAL_EDGE}" stroke-width="0.8"/>`,
          ).join('') +
          `<path d="M62 70 L70 70 L72 78 L70 86 L62 86 L60 78 Z" ${metal}/>`,
      ),
    label: { x: 24, y: 36, width: 50, height: 14 },
    focus: [50, 46],
  },
  'wall-plug': {
    draw: (k: Ink) =>
      `<g>${fastenerBox({ ...k, main: '#e9e5dc', light: '#f6f4ef', dark: '#8f8a80' }, '')}</g>` +
      `<path d="M20 72 L70 73 L80 78 L70 83 L20 84 Z" fill="${k.main}" ${outline(k)}/>` +
      Array.from(
        { length: 7 },
        (_, i) => `<path d="M${26 + i * 6} 72 L${26 + i * 6} 84" stroke="${k.dark}" stroke-width="1"/>`,
      ).join(''),
    label: { x: 24, y: 36, width: 50, height: 14 },
    focus: [50, 46],
  },
} satisfies Record<string, Drawing>;
