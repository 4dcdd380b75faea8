/**
 * What the demo generator draws from: per leaf category, brands and product types with English
 * and German names, variants, a price range and classification codes. Names are real-looking; the
 * products, vendors and prices are invented.
 */
import { MORE_LEAVES, MORE_PAPER, MORE_PERIPHERALS, MORE_WRITING } from './assortment-more';
import type { LeafAssortment } from './assortment.types';

export type { LeafAssortment, ProductType } from './assortment.types';

const COLOURS: Array<[string, string]> = [
  ['black', 'schwarz'],
  ['blue', 'blau'],
  ['red', 'rot'],
  ['green', 'grün'],
  ['white', 'weiß'],
  ['grey', 'grau'],
  ['yellow', 'gelb'],
];

export const ASSORTMENT: LeafAssortment[] = [
  ...MORE_LEAVES,
  {
    categoryId: 'paper',
    weight: 8,
    brands: ['Navigator', 'Inapa', 'Steinbeis', 'Double A', 'Clairefontaine', 'HP'],
    types: [
      ...MORE_PAPER,
      {
        key: 'copy-paper',
        en: 'Copy paper A4 80 g/m², 500 sheets',
        de: 'Kopierpapier A4 80 g/m², 500 Blatt',
        variants: [
          ['white', 'weiß'],
          ['recycled', 'Recycling'],
          ['high white', 'hochweiß'],
        ],
        price: [3.5, 9.9],
        unspsc: '14111507',
        eclass: '24-32-01-01',
        unit: 'PK',
        features: [
          ['FSC certified', 'FSC-zertifiziert'],
          ['for laser and inkjet', 'für Laser und Inkjet'],
        ],
      },
      {
        key: 'notepad',
        en: 'Notepad A5 squared',
        de: 'Notizblock A5 kariert',
        variants: [
          ['50 sheets', '50 Blatt'],
          ['80 sheets', '80 Blatt'],
          ['100 sheets', '100 Blatt'],
        ],
        price: [0.9, 4.5],
        unspsc: '14111514',
        features: [
          ['perforated', 'perforiert'],
          ['top binding', 'Kopfleimung'],
        ],
      },
    ],
  },
  {
    categoryId: 'writing',
    weight: 8,
    brands: ['Pelikan', 'Staedtler', 'Schneider', 'Stabilo', 'Pilot', 'Edding', 'Faber-Castell'],
    types: [
      ...MORE_WRITING,
      {
        key: 'ballpoint-pen',
        en: 'Ballpoint pen',
        de: 'Kugelschreiber',
        variants: COLOURS,
        price: [0.4, 12],
        unspsc: '44121701',
        eclass: '24-29-01-01',
        features: [
          ['refillable', 'nachfüllbar'],
          ['medium tip', 'mittlere Spitze'],
        ],
      },
      {
        key: 'highlighter',
        en: 'Highlighter',
        de: 'Textmarker',
        variants: COLOURS,
        price: [0.6, 2.5],
        unspsc: '44121708',
        features: [
          ['chisel tip', 'Keilspitze'],
          ['dry safe ink', 'austrocknungssicher'],
        ],
      },
      {
        key: 'permanent-marker',
        en: 'Permanent marker',
        de: 'Permanentmarker',
        variants: COLOURS,
        price: [0.9, 3.9],
        unspsc: '44121708',
        features: [
          ['waterproof', 'wasserfest'],
          ['round tip', 'Rundspitze'],
        ],
      },
    ],
  },
  {
    categoryId: 'filing',
    weight: 6,
    brands: ['Leitz', 'Herlitz', 'Esselte', 'Durable', 'Avery Zweckform'],
    types: [
      {
        key: 'lever-arch-file',
        en: 'Lever arch file A4 80 mm',
        de: 'Ordner A4 80 mm',
        variants: COLOURS,
        price: [1.9, 6.5],
        unspsc: '44122003',
        eclass: '24-35-01-01',
        features: [
          ['with spine label', 'mit Rückenschild'],
          ['recycled board', 'Recyclingpappe'],
        ],
      },
      {
        key: 'sheet-protectors',
        en: 'Sheet protectors A4, 100 pack',
        de: 'Prospekthüllen A4, 100 Stück',
        variants: [
          ['clear', 'transparent'],
          ['matt', 'matt'],
          ['extra strong', 'extra stark'],
        ],
        price: [2.5, 11],
        unspsc: '44122011',
        unit: 'PK',
        features: [
          ['11-hole punched', '11-fach gelocht'],
          ['document safe', 'dokumentenecht'],
        ],
      },
      {
        key: 'labels',
        en: 'Adhesive labels, 100 sheets',
        de: 'Etiketten selbstklebend, 100 Blatt',
        variants: [
          ['70 x 37 mm', '70 x 37 mm'],
          ['105 x 48 mm', '105 x 48 mm'],
          ['210 x 297 mm', '210 x 297 mm'],
        ],
        price: [8, 32],
        unspsc: '55121606',
        unit: 'PK',
        features: [
          ['for laser printers', 'für Laserdrucker'],
          ['permanent adhesive', 'permanent haftend'],
        ],
      },
    ],
  },
  {
    categoryId: 'desk-accessories',
    weight: 5,
    brands: ['Leitz', 'Novus', 'Rapid', 'Han', 'Fellowes'],
    types: [
      {
        key: 'stapler',
        en: 'Stapler',
        de: 'Heftgerät',
        variants: [
          ['for 30 sheets', 'für 30 Blatt'],
          ['for 60 sheets', 'für 60 Blatt'],
          ['heavy duty', 'Blockheftgerät'],
        ],
        price: [5, 79],
        unspsc: '44121615',
        features: [
          ['metal body', 'Metallgehäuse'],
          ['staple 24/6', 'Heftklammer 24/6'],
        ],
      },
      {
        key: 'hole-punch',
        en: 'Hole punch',
        de: 'Locher',
        variants: [
          ['2-hole', '2-fach'],
          ['4-hole', '4-fach'],
          ['heavy duty', 'Blocklocher'],
        ],
        price: [4, 120],
        unspsc: '44101602',
        features: [
          ['with guide rail', 'mit Anschlagschiene'],
          ['metal', 'Metall'],
        ],
      },
      {
        key: 'desk-organiser',
        en: 'Desk organiser',
        de: 'Schreibtisch-Organizer',
        variants: COLOURS,
        price: [6, 45],
        unspsc: '44111503',
        features: [
          ['6 compartments', '6 Fächer'],
          ['stackable', 'stapelbar'],
        ],
      },
    ],
  },
  {
    categoryId: 'cables',
    weight: 8,
    brands: ['Delock', 'Goobay', 'LogiLink', 'Anker', 'Belkin', 'Lindy'],
    types: [
      {
        key: 'usb-c-cable',
        en: 'USB-C cable',
        de: 'USB-C-Kabel',
        variants: [
          ['1 m', '1 m'],
          ['2 m', '2 m'],
          ['3 m', '3 m'],
        ],
        price: [4, 29],
        unspsc: '43202222',
        eclass: '19-15-07-01',
        features: [
          ['USB 3.2 Gen 2', 'USB 3.2 Gen 2'],
          ['100 W power delivery', '100 W Power Delivery'],
        ],
      },
      {
        key: 'network-cable',
        en: 'Network cable Cat 6a S/FTP',
        de: 'Netzwerkkabel Cat 6a S/FTP',
        variants: [
          ['0.5 m', '0,5 m'],
          ['2 m', '2 m'],
          ['5 m', '5 m'],
          ['10 m', '10 m'],
        ],
        price: [2, 25],
        unspsc: '26121609',
        eclass: '27-06-31-01',
        features: [
          ['halogen-free', 'halogenfrei'],
          ['10 Gbit/s', '10 Gbit/s'],
        ],
      },
      {
        key: 'hdmi-cable',
        en: 'HDMI cable',
        de: 'HDMI-Kabel',
        variants: [
          ['1.5 m', '1,5 m'],
          ['3 m', '3 m'],
          ['5 m', '5 m'],
        ],
        price: [3, 35],
        unspsc: '26121609',
        features: [
          ['4K 60 Hz', '4K 60 Hz'],
          ['gold-plated contacts', 'vergoldete Kontakte'],
        ],
      },
      {
        key: 'usb-c-hdmi-adapter',
        en: 'USB-C to HDMI adapter',
        de: 'USB-C-auf-HDMI-Adapter',
        variants: [
          ['4K', '4K'],
          ['8K', '8K'],
        ],
        price: [9, 49],
        unspsc: '43201553',
        features: [
          ['plug and play', 'Plug and Play'],
          ['aluminium housing', 'Aluminiumgehäuse'],
        ],
      },
    ],
  },
  {
    categoryId: 'peripherals',
    weight: 6,
    brands: ['Logitech', 'Cherry', 'Microsoft', 'Kensington', 'Fujitsu'],
    types: [
      ...MORE_PERIPHERALS,
      {
        key: 'mouse',
        en: 'Wireless mouse',
        de: 'Kabellose Maus',
        variants: [
          ['black', 'schwarz'],
          ['grey', 'grau'],
          ['ergonomic', 'ergonomisch'],
        ],
        price: [9, 99],
        unspsc: '43211708',
        eclass: '19-01-02-01',
        features: [
          ['2.4 GHz receiver', '2,4-GHz-Empfänger'],
          ['silent clicks', 'leise Tasten'],
        ],
      },
      {
        key: 'keyboard',
        en: 'Keyboard, German layout',
        de: 'Tastatur, deutsches Layout',
        variants: [
          ['wired', 'kabelgebunden'],
          ['wireless', 'kabellos'],
          ['compact', 'kompakt'],
        ],
        price: [15, 149],
        unspsc: '43211706',
        features: [
          ['QWERTZ', 'QWERTZ'],
          ['spill resistant', 'spritzwassergeschützt'],
        ],
      },
      {
        key: 'headset',
        en: 'Headset',
        de: 'Headset',
        variants: [
          ['USB', 'USB'],
          ['Bluetooth', 'Bluetooth'],
          ['stereo', 'Stereo'],
        ],
        price: [25, 250],
        unspsc: '43211603',
        features: [
          ['noise cancelling microphone', 'Mikrofon mit Geräuschunterdrückung'],
          ['certified for Teams', 'für Teams zertifiziert'],
        ],
      },
    ],
  },
  {
    categoryId: 'storage-media',
    weight: 3,
    brands: ['SanDisk', 'Kingston', 'Samsung', 'Intenso', 'Verbatim'],
    types: [
      {
        key: 'usb-flash-drive',
        en: 'USB flash drive',
        de: 'USB-Stick',
        variants: [
          ['32 GB', '32 GB'],
          ['64 GB', '64 GB'],
          ['128 GB', '128 GB'],
          ['256 GB', '256 GB'],
        ],
        price: [5, 60],
        unspsc: '43201830',
        features: [
          ['USB 3.2', 'USB 3.2'],
          ['hardware encryption', 'Hardwareverschlüsselung'],
        ],
      },
      {
        key: 'external-ssd',
        en: 'External SSD',
        de: 'Externe SSD',
        variants: [
          ['500 GB', '500 GB'],
          ['1 TB', '1 TB'],
          ['2 TB', '2 TB'],
        ],
        price: [49, 260],
        unspsc: '43201827',
        features: [
          ['1050 MB/s', '1050 MB/s'],
          ['shock resistant', 'stoßfest'],
        ],
      },
    ],
  },
  {
    categoryId: 'monitors',
    weight: 3,
    brands: ['Dell', 'Eizo', 'LG', 'Philips', 'Iiyama'],
    types: [
      {
        key: 'monitor',
        en: 'Monitor',
        de: 'Monitor',
        variants: [
          ['24 inch Full HD', '24 Zoll Full HD'],
          ['27 inch QHD', '27 Zoll QHD'],
          ['32 inch 4K', '32 Zoll 4K'],
        ],
        price: [119, 899],
        unspsc: '43211902',
        eclass: '19-07-01-01',
        features: [
          ['height adjustable', 'höhenverstellbar'],
          ['USB-C docking', 'USB-C-Docking'],
        ],
      },
    ],
  },
  {
    categoryId: 'chairs',
    weight: 4,
    brands: ['Steelcase', 'Interstuhl', 'Topstar', 'Dauphin', 'Herman Miller'],
    types: [
      {
        key: 'office-chair',
        en: 'Office chair',
        de: 'Bürostuhl',
        variants: [
          ['with armrests', 'mit Armlehnen'],
          ['mesh back', 'Netzrücken'],
          ['synchro mechanism', 'Synchronmechanik'],
        ],
        price: [89, 1290],
        unspsc: '56112104',
        eclass: '21-01-01-01',
        features: [
          ['lumbar support', 'Lordosenstütze'],
          ['EN 1335 tested', 'nach EN 1335 geprüft'],
        ],
      },
      {
        key: 'conference-chair',
        en: 'Conference chair',
        de: 'Konferenzstuhl',
        variants: [
          ['stackable', 'stapelbar'],
          ['cantilever', 'Freischwinger'],
          ['upholstered', 'gepolstert'],
        ],
        price: [59, 490],
        unspsc: '56112102',
        features: [
          ['chrome frame', 'verchromtes Gestell'],
          ['fabric cover', 'Stoffbezug'],
        ],
      },
    ],
  },
  {
    categoryId: 'desks',
    weight: 3,
    brands: ['Hammerbacher', 'Assmann', 'König + Neurath', 'Kinnarps'],
    types: [
      {
        key: 'standing-desk',
        en: 'Height adjustable desk',
        de: 'Höhenverstellbarer Schreibtisch',
        variants: [
          ['160 x 80 cm', '160 x 80 cm'],
          ['180 x 80 cm', '180 x 80 cm'],
          ['140 x 70 cm', '140 x 70 cm'],
        ],
        price: [349, 1490],
        unspsc: '56101703',
        features: [
          ['electric, two motors', 'elektrisch, zwei Motoren'],
          ['memory function', 'Memoryfunktion'],
        ],
      },
    ],
  },
  {
    categoryId: 'cabinets',
    weight: 2,
    brands: ['Bisley', 'Hammerbacher', 'Lista', 'Kaiser'],
    types: [
      {
        key: 'filing-cabinet',
        en: 'Filing cabinet',
        de: 'Aktenschrank',
        variants: [
          ['lockable', 'abschließbar'],
          ['2 doors', '2 Türen'],
          ['roller shutter', 'Rollladen'],
        ],
        price: [159, 990],
        unspsc: '56101715',
        features: [
          ['steel', 'Stahl'],
          ['5 file heights', '5 Ordnerhöhen'],
        ],
      },
      {
        key: 'shelving',
        en: 'Shelving unit',
        de: 'Steckregal',
        variants: [
          ['5 shelves', '5 Böden'],
          ['galvanised', 'verzinkt'],
          ['heavy duty', 'Schwerlast'],
        ],
        price: [49, 390],
        unspsc: '56101520',
        features: [
          ['tool-free assembly', 'werkzeuglose Montage'],
          ['load 150 kg per shelf', 'Fachlast 150 kg'],
        ],
      },
    ],
  },
  {
    categoryId: 'cleaning',
    weight: 5,
    brands: ['Kärcher', 'Vileda', 'Frosch', 'Tork', 'Dr. Schnell'],
    types: [
      {
        key: 'all-purpose-cleaner',
        en: 'All-purpose cleaner',
        de: 'Allzweckreiniger',
        variants: [
          ['1 l', '1 l'],
          ['5 l canister', '5-l-Kanister'],
          ['10 l canister', '10-l-Kanister'],
        ],
        price: [2.5, 39],
        unspsc: '47131801',
        eclass: '25-06-01-01',
        unit: 'LTR',
        features: [
          ['biodegradable', 'biologisch abbaubar'],
          ['fragrance free', 'parfümfrei'],
        ],
      },
      {
        key: 'paper-towels',
        en: 'Paper towels, 20 rolls',
        de: 'Papierhandtücher, 20 Rollen',
        variants: [
          ['2-ply', '2-lagig'],
          ['3-ply', '3-lagig'],
          ['recycled', 'Recycling'],
        ],
        price: [9, 49],
        unspsc: '14111703',
        unit: 'PK',
        features: [
          ['EU Ecolabel', 'EU Ecolabel'],
          ['fits standard dispensers', 'passend für Standardspender'],
        ],
      },
      {
        key: 'microfibre-cloths',
        en: 'Microfibre cloths, 10 pack',
        de: 'Mikrofasertücher, 10 Stück',
        variants: COLOURS,
        price: [4, 19],
        unspsc: '47131502',
        unit: 'PK',
        features: [
          ['washable at 90 °C', 'waschbar bei 90 °C'],
          ['lint-free', 'fusselfrei'],
        ],
      },
    ],
  },
  {
    categoryId: 'gloves',
    weight: 5,
    brands: ['Ansell', 'Uvex', 'Semperit', 'Honeywell', 'Mapa'],
    types: [
      {
        key: 'disposable-gloves',
        en: 'Nitrile disposable gloves, 100 pack',
        de: 'Nitril-Einweghandschuhe, 100 Stück',
        variants: [
          ['size S', 'Größe S'],
          ['size M', 'Größe M'],
          ['size L', 'Größe L'],
          ['size XL', 'Größe XL'],
        ],
        price: [5, 19],
        unspsc: '46181504',
        eclass: '40-18-01-01',
        unit: 'PK',
        features: [
          ['powder-free', 'puderfrei'],
          ['EN ISO 374', 'EN ISO 374'],
        ],
      },
      {
        key: 'cut-protection-gloves',
        en: 'Cut protection gloves',
        de: 'Schnittschutzhandschuhe',
        variants: [
          ['size 8', 'Größe 8'],
          ['size 9', 'Größe 9'],
          ['size 10', 'Größe 10'],
        ],
        price: [6, 29],
        unspsc: '46181536',
        features: [
          ['cut level C', 'Schnittschutzklasse C'],
          ['EN 388', 'EN 388'],
        ],
      },
    ],
  },
  {
    categoryId: 'ppe',
    weight: 4,
    brands: ['3M', 'Uvex', 'Dräger', 'Honeywell', 'JSP'],
    types: [
      {
        key: 'safety-glasses',
        en: 'Safety glasses',
        de: 'Schutzbrille',
        variants: [
          ['clear', 'klar'],
          ['tinted', 'getönt'],
          ['over-glasses', 'Überbrille'],
        ],
        price: [4, 39],
        unspsc: '46181802',
        eclass: '40-18-02-01',
        features: [
          ['anti-fog coating', 'Antibeschlag-Beschichtung'],
          ['EN 166', 'EN 166'],
        ],
      },
      {
        key: 'ffp2-masks',
        en: 'FFP2 respirator masks, 20 pack',
        de: 'FFP2-Atemschutzmasken, 20 Stück',
        variants: [
          ['with valve', 'mit Ventil'],
          ['without valve', 'ohne Ventil'],
        ],
        price: [9, 45],
        unspsc: '46182001',
        unit: 'PK',
        features: [
          ['EN 149', 'EN 149'],
          ['individually packed', 'einzeln verpackt'],
        ],
      },
      {
        key: 'hi-vis-vest',
        en: 'High-visibility vest',
        de: 'Warnweste',
        variants: [
          ['yellow', 'gelb'],
          ['orange', 'orange'],
        ],
        price: [2, 19],
        unspsc: '46181531',
        features: [
          ['EN ISO 20471 class 2', 'EN ISO 20471 Klasse 2'],
          ['reflective stripes', 'Reflexstreifen'],
        ],
      },
      {
        key: 'earmuffs',
        en: 'Hearing protection earmuffs',
        de: 'Kapselgehörschutz',
        variants: [
          ['SNR 28 dB', 'SNR 28 dB'],
          ['SNR 33 dB', 'SNR 33 dB'],
        ],
        price: [12, 69],
        unspsc: '46181902',
        features: [
          ['adjustable headband', 'verstellbarer Kopfbügel'],
          ['EN 352-1', 'EN 352-1'],
        ],
      },
    ],
  },
  {
    categoryId: 'first-aid',
    weight: 2,
    brands: ['Söhngen', 'Holthaus', 'Hartmann', 'Leina-Werke'],
    types: [
      {
        key: 'first-aid-kit',
        en: 'First aid kit DIN 13157',
        de: 'Verbandkasten DIN 13157',
        variants: [
          ['wall mounted', 'Wandhalterung'],
          ['portable', 'tragbar'],
        ],
        price: [19, 119],
        unspsc: '42172001',
        features: [
          ['refillable', 'nachfüllbar'],
          ['for offices', 'für Büros'],
        ],
      },
      {
        key: 'plasters',
        en: 'Plasters assortment',
        de: 'Pflasterset',
        variants: [
          ['waterproof', 'wasserfest'],
          ['textile', 'Textil'],
          ['detectable', 'detektierbar'],
        ],
        price: [3, 25],
        unspsc: '42311505',
        features: [
          ['skin friendly', 'hautfreundlich'],
          ['assorted sizes', 'verschiedene Größen'],
        ],
      },
    ],
  },
  {
    categoryId: 'glassware',
    weight: 3,
    brands: ['Duran', 'Schott', 'Brand', 'Simax', 'Hirschmann'],
    types: [
      {
        key: 'beaker',
        en: 'Beaker, borosilicate glass',
        de: 'Becherglas, Borosilikatglas',
        variants: [
          ['50 ml', '50 ml'],
          ['250 ml', '250 ml'],
          ['1000 ml', '1000 ml'],
        ],
        price: [2, 29],
        unspsc: '41121803',
        eclass: '32-01-01-01',
        features: [
          ['graduated', 'graduiert'],
          ['low form', 'niedrige Form'],
        ],
      },
      {
        key: 'volumetric-flask',
        en: 'Volumetric flask',
        de: 'Messkolben',
        variants: [
          ['100 ml', '100 ml'],
          ['250 ml', '250 ml'],
          ['500 ml', '500 ml'],
        ],
        price: [6, 59],
        unspsc: '41121807',
        features: [
          ['class A', 'Klasse A'],
          ['with stopper', 'mit Stopfen'],
        ],
      },
    ],
  },
  {
    categoryId: 'pipettes',
    weight: 3,
    brands: ['Eppendorf', 'Brand', 'Sartorius', 'Gilson', 'Thermo Scientific'],
    types: [
      {
        key: 'pipette',
        en: 'Single-channel pipette',
        de: 'Einkanalpipette',
        variants: [
          ['0.5-10 µl', '0,5-10 µl'],
          ['10-100 µl', '10-100 µl'],
          ['100-1000 µl', '100-1000 µl'],
        ],
        price: [149, 450],
        unspsc: '41121609',
        features: [
          ['autoclavable', 'autoklavierbar'],
          ['adjustable volume', 'variables Volumen'],
        ],
      },
      {
        key: 'pipette-tips',
        en: 'Pipette tips, 960 pack',
        de: 'Pipettenspitzen, 960 Stück',
        variants: [
          ['10 µl', '10 µl'],
          ['200 µl', '200 µl'],
          ['1000 µl', '1000 µl'],
        ],
        price: [19, 89],
        unspsc: '41121503',
        unit: 'PK',
        features: [
          ['sterile', 'steril'],
          ['filter tips', 'Filterspitzen'],
        ],
      },
    ],
  },
  {
    categoryId: 'lab-consumables',
    weight: 3,
    brands: ['Sarstedt', 'Greiner Bio-One', 'Roth', 'VWR'],
    types: [
      {
        key: 'centrifuge-tubes',
        en: 'Centrifuge tubes, 500 pack',
        de: 'Zentrifugenröhrchen, 500 Stück',
        variants: [
          ['15 ml', '15 ml'],
          ['50 ml', '50 ml'],
        ],
        price: [29, 149],
        unspsc: '41122409',
        unit: 'PK',
        features: [
          ['PP, conical', 'PP, konisch'],
          ['DNase/RNase-free', 'DNase-/RNase-frei'],
        ],
      },
      {
        key: 'petri-dishes',
        en: 'Petri dishes, 480 pack',
        de: 'Petrischalen, 480 Stück',
        variants: [
          ['90 mm', '90 mm'],
          ['60 mm', '60 mm'],
        ],
        price: [39, 119],
        unspsc: '41122402',
        unit: 'PK',
        features: [
          ['sterile', 'steril'],
          ['with vents', 'mit Nocken'],
        ],
      },
    ],
  },
];

/** Books are generated from title parts rather than product types. */
export const BOOK_TOPICS: Record<string, { en: string[]; de: string[] }> = {
  'business-books': {
    en: [
      'Procurement',
      'Supply Chain Management',
      'Negotiation',
      'Controlling',
      'Leadership',
      'Project Management',
    ],
    de: [
      'Einkauf',
      'Lieferkettenmanagement',
      'Verhandlungsführung',
      'Controlling',
      'Führung',
      'Projektmanagement',
    ],
  },
  'technical-books': {
    en: [
      'PostgreSQL',
      'TypeScript',
      'Network Engineering',
      'Electrical Safety',
      'Machine Learning',
      'Cloud Architecture',
    ],
    de: [
      'PostgreSQL',
      'TypeScript',
      'Netzwerktechnik',
      'Elektrosicherheit',
      'Maschinelles Lernen',
      'Cloud-Architektur',
    ],
  },
};
export const BOOK_PREFIXES = {
  en: ['Practical', 'Modern', 'Strategic', 'The Essentials of', 'Applied', 'A Handbook of'],
  de: ['Praxishandbuch', 'Grundlagen der', 'Moderne', 'Strategische', 'Angewandte', 'Kompaktwissen'],
};
export const BOOK_PUBLISHERS = ['Springer', 'Hanser', "O'Reilly", 'Wiley', 'Haufe', 'Rheinwerk', 'Vahlen'];
export const AUTHORS = [
  'Anna Schmidt',
  'Jonas Weber',
  'Maria Keller',
  'David Brown',
  'Sophie Martin',
  'Lukas Meyer',
  'Emily Clarke',
  'Felix Wagner',
];

export const VENDORS = [
  'Büroprofi Schneider GmbH',
  'OfficeLine Direct',
  'Kontor Handel KG',
  'TechSupply Europe',
  'Kabelwerk Versand',
  'Nordlicht IT-Distribution',
  'Möbelwerk Objekt GmbH',
  'SafetyFirst Industrial',
  'Hygiene Partner Süd',
  'LabSource Scientific',
  'Laborhandel Rhein-Main',
  'Buchhandlung am Markt',
  'Global Books Trading',
  'MRO Express',
  'Werkstattbedarf Huber',
  'Marketplace Retail',
  'Renewed Electronics',
  'Allround Supplies Ltd',
];

export const FULFILLMENT = {
  en: ['Fulfilled by the marketplace', 'Shipped by the vendor'],
  de: ['Versand durch den Marktplatz', 'Versand durch den Verkäufer'],
};
