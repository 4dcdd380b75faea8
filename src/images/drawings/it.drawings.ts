import { Drawing, Ink, METAL, METAL_EDGE, PLASTIC, SCREEN, outline } from './drawing';

const keys = (x: number, y: number, cols: number, rows: number, size: number, gap: number) =>
  Array.from(
    { length: cols * rows },
    (_, i) =>
      `<rect x="${x + (i % cols) * (size + gap)}" y="${y + Math.floor(i / cols) * (size + gap)}" width="${size}" height="${size}" rx="0.8" fill="#ffffff" opacity="0.85"/>`,
  ).join('');

/** Cables, input devices, storage, screens, computers and printers. */
export const IT_DRAWINGS = {
  // A coiled cable with a plug at each end and a brand band round the coil.
  cable: {
    draw: (k: Ink) =>
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<ellipse cx="${48 + i * 1.5}" cy="${52 - i * 1.5}" rx="28" ry="18" fill="none" stroke="${k.main}" stroke-width="4"/>`,
        )
        .join('') +
      `<path d="M74 46 Q84 40 82 28" fill="none" stroke="${k.main}" stroke-width="4"/>` +
      `<rect x="77" y="16" width="10" height="13" rx="2" fill="${k.dark}"/><rect x="78.5" y="10" width="7" height="7" rx="1" fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="0.6"/>` +
      `<path d="M22 58 Q12 70 20 80" fill="none" stroke="${k.main}" stroke-width="4"/>` +
      `<rect x="14" y="78" width="12" height="8" rx="2" fill="${k.dark}"/>`,
    label: { x: 34, y: 64, width: 32, height: 10 },
    focus: [50, 62],
  },
  // A USB-C to HDMI adapter: short lead with a USB-C plug, body, HDMI socket.
  adapter: {
    draw: (k: Ink) =>
      `<path d="M32 52 Q18 52 18 66" fill="none" stroke="${k.dark}" stroke-width="3.5"/>` +
      `<rect x="13" y="64" width="10" height="10" rx="2" fill="${k.dark}"/><rect x="15" y="73" width="6" height="5" rx="1.5" fill="${METAL}"/>` +
      `<rect x="30" y="38" width="50" height="26" rx="6" fill="${k.main}" ${outline(k)}/>` +
      `<path d="M80 44 L88 44 L88 58 L80 58 Z" fill="${PLASTIC}"/><path d="M82 47 L87 47 L86 55 L83 55 Z" fill="#111"/>`,
    label: { x: 36, y: 45, width: 38, height: 12 },
    focus: [55, 51],
  },
  // A mouse from above: two buttons and a wheel.
  mouse: {
    draw: (k: Ink) =>
      `<path d="M50 12 C72 12 77 38 77 56 C77 78 65 88 50 88 C35 88 23 78 23 56 C23 38 28 12 50 12 Z" fill="${k.main}" ${outline(k)}/>` +
      `<path d="M50 12 L50 40 M24 42 Q50 46 76 42" fill="none" stroke="${k.dark}" stroke-width="1"/>` +
      `<rect x="47" y="19" width="6" height="13" rx="3" fill="${PLASTIC}"/>`,
    label: { x: 35, y: 58, width: 30, height: 9 },
    focus: [50, 58],
  },
  // A keyboard in slight perspective with its key rows.
  keyboard: {
    draw: (k: Ink) =>
      `<path d="M6 40 L94 40 L90 76 L10 76 Z" fill="${k.main}" ${outline(k)}/>` +
      keys(12, 52, 14, 3, 4.2, 1.3) +
      `<rect x="28" y="68.5" width="36" height="4.2" rx="0.8" fill="#ffffff" opacity="0.85"/>`,
    label: { x: 12, y: 42.5, width: 30, height: 7 },
    focus: [30, 50],
  },
  // A headset: headband, ear cups, microphone boom.
  headset: {
    draw: (k: Ink) =>
      `<path d="M24 62 Q22 14 50 14 Q78 14 76 62" fill="none" stroke="${k.main}" stroke-width="7"/>` +
      `<rect x="13" y="50" width="18" height="28" rx="7" fill="${k.main}" ${outline(k)}/><rect x="69" y="50" width="18" height="28" rx="7" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="27" y="53" width="6" height="22" rx="3" fill="${PLASTIC}"/><rect x="67" y="53" width="6" height="22" rx="3" fill="${PLASTIC}"/>` +
      `<path d="M22 76 Q26 88 44 86" fill="none" stroke="${PLASTIC}" stroke-width="2.5"/><circle cx="45" cy="86" r="3" fill="${PLASTIC}"/>`,
    label: { x: 34, y: 26, width: 32, height: 9 },
    focus: [50, 34],
  },
  // Hearing protection: a padded band and two large cups.
  earmuffs: {
    draw: (k: Ink) =>
      `<path d="M22 58 Q20 12 50 12 Q80 12 78 58" fill="none" stroke="${k.dark}" stroke-width="8"/>` +
      `<ellipse cx="22" cy="64" rx="12" ry="18" fill="${k.main}" ${outline(k)}/><ellipse cx="78" cy="64" rx="12" ry="18" fill="${k.main}" ${outline(k)}/>` +
      `<ellipse cx="22" cy="64" rx="5" ry="9" fill="${k.dark}" opacity="0.4"/><ellipse cx="78" cy="64" rx="5" ry="9" fill="${k.dark}" opacity="0.4"/>`,
    label: { x: 34, y: 26, width: 32, height: 9 },
    focus: [50, 34],
  },
  // A USB stick with its metal plug and a key ring hole.
  'usb-stick': {
    draw: (k: Ink) =>
      `<rect x="70" y="43" width="18" height="14" rx="1" fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="0.8"/>` +
      `<rect x="78" y="46" width="4" height="3" fill="${METAL_EDGE}"/><rect x="78" y="51" width="4" height="3" fill="${METAL_EDGE}"/>` +
      `<rect x="14" y="38" width="58" height="24" rx="6" fill="${k.main}" ${outline(k)}/>` +
      `<circle cx="21" cy="50" r="3" fill="#e7ebef" ${outline(k, 0.8)}/>`,
    label: { x: 28, y: 44, width: 38, height: 12 },
    transform: 'rotate(-18 50 50)',
    focus: [49, 52],
  },
  // A pocket-size SSD with its USB-C port and activity light.
  'portable-ssd': {
    draw: (k: Ink) =>
      `<rect x="22" y="16" width="56" height="70" rx="9" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="26" y="20" width="48" height="62" rx="6" fill="none" stroke="${k.light}" stroke-width="1"/>` +
      `<rect x="44" y="83" width="12" height="3" rx="1.5" fill="${PLASTIC}"/><circle cx="68" cy="76" r="1.6" fill="#39d353"/>`,
    label: { x: 28, y: 44, width: 44, height: 14 },
    focus: [50, 51],
  },
  // A flat screen on a stand, the brand on the lower bezel.
  monitor: {
    draw: (k: Ink) =>
      `<rect x="44" y="68" width="12" height="12" fill="${k.dark}"/><rect x="30" y="79" width="40" height="6" rx="2" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="6" y="12" width="88" height="58" rx="2" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="9" y="15" width="82" height="45" fill="${SCREEN}"/>`,
    label: { x: 38, y: 61.5, width: 24, height: 7 },
    focus: [50, 62],
  },
  // An open laptop: lid with screen, base with keyboard.
  laptop: {
    draw: (k: Ink) =>
      `<rect x="16" y="12" width="68" height="50" rx="2" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="19" y="15" width="62" height="39" fill="${SCREEN}"/>` +
      `<path d="M8 64 L92 64 L97 78 L3 78 Z" fill="${k.light}" ${outline(k)}/>` +
      keys(16, 66, 13, 2, 3.4, 1.2) +
      `<rect x="41" y="74.5" width="18" height="2.5" rx="1" fill="${k.dark}" opacity="0.5"/>`,
    label: { x: 40, y: 55, width: 20, height: 6 },
    focus: [50, 58],
  },
  // A docking station: box with a row of ports and a power light.
  'docking-station': {
    draw: (k: Ink) =>
      `<path d="M14 46 L22 38 L90 38 L82 46 Z" fill="${k.light}" ${outline(k)}/>` +
      `<path d="M82 46 L90 38 L90 64 L82 72 Z" fill="${k.dark}" ${outline(k)}/>` +
      `<rect x="14" y="46" width="68" height="26" rx="2" fill="${k.main}" ${outline(k)}/>` +
      [0, 1, 2, 3]
        .map((i) => `<rect x="${50 + i * 7}" y="60" width="5" height="4" rx="1" fill="#111"/>`)
        .join('') +
      `<circle cx="20" cy="66" r="1.5" fill="#39d353"/>`,
    label: { x: 20, y: 50, width: 38, height: 8 },
    focus: [40, 56],
  },
  // A printer: paper coming out of the top, output slot, panel, paper tray.
  printer: {
    draw: (k: Ink) =>
      `<path d="M32 30 L36 12 L66 12 L68 30 Z" fill="#ffffff" stroke="#9aa7b3" stroke-width="0.8"/>` +
      `<path d="M18 36 L25 24 L75 24 L82 36 Z" fill="${k.light}" ${outline(k)}/>` +
      `<rect x="12" y="36" width="76" height="42" rx="3" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="22" y="42" width="56" height="4" rx="1" fill="${PLASTIC}"/>` +
      `<rect x="64" y="52" width="18" height="9" rx="1.5" fill="${PLASTIC}"/><circle cx="79" cy="56.5" r="1.2" fill="#39d353"/>` +
      `<rect x="18" y="66" width="64" height="9" rx="1.5" fill="${k.dark}" opacity="0.35"/>`,
    label: { x: 18, y: 52, width: 40, height: 9 },
    focus: [38, 57],
  },
  // A toner cartridge: long black body with a handle and a colour band.
  toner: {
    draw: (k: Ink) =>
      `<rect x="6" y="38" width="88" height="28" rx="6" fill="${PLASTIC}"/>` +
      `<path d="M36 38 Q50 26 64 38" fill="none" stroke="${PLASTIC}" stroke-width="4"/>` +
      `<rect x="24" y="42" width="52" height="20" rx="2" fill="${k.main}"/>` +
      `<rect x="6" y="60" width="88" height="6" rx="3" fill="#1b1c1f"/>`,
    label: { x: 28, y: 45, width: 44, height: 13 },
    focus: [50, 52],
  },
  // An ink cartridge: small body in the ink's colour with the print head at the bottom.
  'ink-cartridge': {
    draw: (k: Ink) =>
      `<rect x="30" y="16" width="40" height="58" rx="4" fill="${k.main}" ${outline(k)}/>` +
      `<rect x="30" y="16" width="40" height="8" rx="3" fill="${k.dark}"/>` +
      `<rect x="36" y="74" width="28" height="10" rx="1" fill="${PLASTIC}"/><rect x="42" y="77" width="16" height="4" fill="#c9a227"/>`,
    label: { x: 33, y: 36, width: 34, height: 14 },
    focus: [50, 43],
  },
} satisfies Record<string, Drawing>;
