import type { LeafAssortment, ProductType } from './assortment.types';

/**
 * Product types added for search relevance (printers, toner and ink, laptops, fasteners, tools, kitchen,
 * more writing instruments and paper): what a B2B procurement marketplace sells most.
 */
const COLOURS_CMYK: Array<[string, string]> = [
  ['black', 'schwarz'],
  ['cyan', 'cyan'],
  ['magenta', 'magenta'],
  ['yellow', 'gelb'],
];

export const MORE_WRITING: ProductType[] = [
  {
    key: 'pencil',
    en: 'Pencil HB, 12 pack',
    de: 'Bleistift HB, 12 Stück',
    variants: [
      ['hexagonal', 'sechseckig'],
      ['with eraser', 'mit Radiergummi'],
      ['triangular', 'dreikant'],
    ],
    price: [2.5, 9.9],
    unspsc: '44121706',
    unit: 'PK',
    features: [
      ['break resistant lead', 'bruchfeste Mine'],
      ['FSC wood', 'FSC-Holz'],
    ],
  },
  {
    key: 'felt-tip-pen',
    en: 'Felt-tip pens, 10 colours',
    de: 'Filzstifte, 10 Farben',
    variants: [
      ['fine', 'fein'],
      ['medium', 'mittel'],
      ['washable', 'auswaschbar'],
    ],
    price: [2.9, 14],
    unspsc: '44121708',
    unit: 'PK',
    features: [
      ['water-based ink', 'Tinte auf Wasserbasis'],
      ['ventilated cap', 'Kappe mit Luftloch'],
    ],
  },
];

export const MORE_PAPER: ProductType[] = [
  {
    key: 'printer-paper',
    en: 'Laser printer paper A4 100 g/m², 250 sheets',
    de: 'Druckerpapier A4 100 g/m², 250 Blatt',
    variants: [
      ['extra white', 'extraweiß'],
      ['satin', 'satiniert'],
      ['premium', 'Premium'],
    ],
    price: [5.9, 19.9],
    unspsc: '14111507',
    unit: 'PK',
    features: [
      ['for colour laser printers', 'für Farblaserdrucker'],
      ['jam-free', 'staufrei'],
    ],
  },
];

export const MORE_PERIPHERALS: ProductType[] = [
  {
    key: 'docking-station',
    en: 'USB-C docking station',
    de: 'USB-C-Dockingstation',
    variants: [
      ['2 x DisplayPort', '2 x DisplayPort'],
      ['HDMI, 100 W power delivery', 'HDMI, 100 W Power Delivery'],
      ['Thunderbolt 4', 'Thunderbolt 4'],
    ],
    price: [79, 329],
    unspsc: '43211602',
    features: [
      ['Gigabit Ethernet', 'Gigabit-Ethernet'],
      ['charges the laptop', 'lädt das Notebook'],
    ],
  },
];

export const MORE_LEAVES: LeafAssortment[] = [
  {
    categoryId: 'printers',
    weight: 3,
    brands: ['HP', 'Brother', 'Canon', 'Epson', 'Kyocera', 'Lexmark'],
    types: [
      {
        key: 'laser-printer',
        en: 'Laser printer, monochrome',
        de: 'Laserdrucker, monochrom',
        variants: [
          ['30 ppm', '30 Seiten/min'],
          ['40 ppm, duplex', '40 Seiten/min, Duplex'],
          ['with WLAN', 'mit WLAN'],
        ],
        price: [119, 499],
        unspsc: '43212105',
        eclass: '19-04-01-04',
        features: [
          ['automatic duplex printing', 'automatischer Duplexdruck'],
          ['network ready', 'netzwerkfähig'],
        ],
      },
      {
        key: 'colour-laser-printer',
        en: 'Colour laser printer',
        de: 'Farb-Laser-Drucker',
        variants: [
          ['A4', 'A4'],
          ['A4, duplex', 'A4, Duplex'],
          ['A3', 'A3'],
        ],
        price: [229, 1190],
        unspsc: '43212105',
        features: [
          ['600 x 600 dpi', '600 x 600 dpi'],
          ['250-sheet paper tray', 'Papierkassette für 250 Blatt'],
        ],
      },
      {
        key: 'inkjet-printer',
        en: 'Inkjet multifunction printer',
        de: 'Tintenstrahl-Multifunktionsdrucker',
        variants: [
          ['print, scan, copy', 'Drucken, Scannen, Kopieren'],
          ['with fax', 'mit Fax'],
          ['ink tank', 'Tintentank'],
        ],
        price: [89, 449],
        unspsc: '43212104',
        features: [
          ['automatic document feeder', 'automatischer Vorlageneinzug'],
          ['WLAN and AirPrint', 'WLAN und AirPrint'],
        ],
      },
    ],
  },
  {
    categoryId: 'toner-ink',
    weight: 4,
    brands: ['HP', 'Brother', 'Canon', 'Epson', 'Kyocera'],
    types: [
      {
        key: 'toner',
        en: 'Toner cartridge',
        de: 'Tonerkartusche',
        variants: COLOURS_CMYK,
        price: [39, 189],
        unspsc: '44103103',
        eclass: '24-35-02-01',
        features: [
          ['original manufacturer toner', 'Originaltoner des Herstellers'],
          ['high yield', 'hohe Reichweite'],
        ],
      },
      {
        key: 'ink-cartridge',
        en: 'Ink cartridge',
        de: 'Tintenpatrone',
        variants: COLOURS_CMYK,
        price: [9, 59],
        unspsc: '44103105',
        features: [
          ['original ink', 'Originaltinte'],
          ['XL capacity', 'XL-Füllmenge'],
        ],
      },
    ],
  },
  {
    categoryId: 'laptops',
    weight: 3,
    brands: ['Lenovo', 'Dell', 'HP', 'Fujitsu', 'Apple'],
    types: [
      {
        key: 'laptop',
        en: 'Laptop 14" business',
        de: 'Business-Notebook 14 Zoll',
        variants: [
          ['Intel Core i5, 16 GB RAM, 512 GB SSD', 'Intel Core i5, 16 GB RAM, 512 GB SSD'],
          ['Intel Core i7, 32 GB RAM, 1 TB SSD', 'Intel Core i7, 32 GB RAM, 1 TB SSD'],
          ['AMD Ryzen 5, 16 GB RAM, 512 GB SSD', 'AMD Ryzen 5, 16 GB RAM, 512 GB SSD'],
        ],
        price: [699, 1899],
        unspsc: '43211503',
        eclass: '19-01-03-01',
        features: [
          ['Windows 11 Pro', 'Windows 11 Pro'],
          ['full HD IPS display', 'Full-HD-IPS-Display'],
        ],
      },
    ],
  },
  {
    categoryId: 'fasteners',
    weight: 3,
    brands: ['Spax', 'Würth', 'Fischer', 'Reisser', 'Heco'],
    types: [
      {
        key: 'wood-screws',
        en: 'Wood screws, 200 pack',
        de: 'Holzschrauben, 200 Stück',
        variants: [
          ['4 x 40 mm', '4 x 40 mm'],
          ['5 x 60 mm', '5 x 60 mm'],
          ['3.5 x 30 mm', '3,5 x 30 mm'],
        ],
        price: [6, 24],
        unspsc: '31161500',
        unit: 'PK',
        features: [
          ['Torx drive', 'Torx-Antrieb'],
          ['galvanized', 'verzinkt'],
        ],
      },
      {
        key: 'hex-bolts',
        en: 'Hex bolts DIN 933, 50 pack',
        de: 'Sechskantschrauben DIN 933, 50 Stück',
        variants: [
          ['M6 x 30', 'M6 x 30'],
          ['M8 x 40', 'M8 x 40'],
          ['M10 x 50', 'M10 x 50'],
        ],
        price: [5, 29],
        unspsc: '31161600',
        unit: 'PK',
        features: [
          ['strength class 8.8', 'Festigkeitsklasse 8.8'],
          ['stainless steel A2', 'Edelstahl A2'],
        ],
      },
      {
        key: 'wall-plugs',
        en: 'Wall plugs, 100 pack',
        de: 'Dübel, 100 Stück',
        variants: [
          ['6 mm', '6 mm'],
          ['8 mm', '8 mm'],
          ['10 mm', '10 mm'],
        ],
        price: [3.5, 15],
        unspsc: '31162000',
        unit: 'PK',
        features: [
          ['for concrete and brick', 'für Beton und Ziegel'],
          ['nylon', 'Nylon'],
        ],
      },
    ],
  },
  {
    categoryId: 'tools',
    weight: 3,
    brands: ['Bosch Professional', 'Makita', 'Wera', 'Wiha', 'Knipex', 'Stabila'],
    types: [
      {
        key: 'cordless-drill',
        en: 'Cordless drill driver 18 V',
        de: 'Akkuschrauber 18 V',
        variants: [
          ['2 batteries, case', '2 Akkus, Koffer'],
          ['without battery', 'ohne Akku'],
          ['brushless', 'bürstenlos'],
        ],
        price: [89, 399],
        unspsc: '27112700',
        features: [
          ['two-speed gearbox', 'Zweiganggetriebe'],
          ['LED work light', 'LED-Arbeitslicht'],
        ],
      },
      {
        key: 'screwdriver-set',
        en: 'Screwdriver set, 6 pieces',
        de: 'Schraubendreher-Set, 6-teilig',
        variants: [
          ['slotted and Phillips', 'Schlitz und Kreuzschlitz'],
          ['Torx', 'Torx'],
          ['VDE insulated', 'VDE-isoliert'],
        ],
        price: [14, 69],
        unspsc: '27111701',
        features: [
          ['ergonomic handle', 'ergonomischer Griff'],
          ['chrome vanadium steel', 'Chrom-Vanadium-Stahl'],
        ],
      },
    ],
  },
  {
    categoryId: 'kitchen-supplies',
    weight: 3,
    brands: ['Duni', 'Papstar', 'Ritzenhoff', 'Finish', 'Fackelmann'],
    types: [
      {
        key: 'paper-cups',
        en: 'Paper cups 0.2 l, 100 pack',
        de: 'Pappbecher 0,2 l, 100 Stück',
        variants: [
          ['white', 'weiß'],
          ['coffee to go', 'Coffee to go'],
          ['with lids', 'mit Deckel'],
        ],
        price: [3.9, 14],
        unspsc: '52151502',
        unit: 'PK',
        features: [
          ['compostable', 'kompostierbar'],
          ['for hot drinks', 'für Heißgetränke'],
        ],
      },
      {
        key: 'coffee-mugs',
        en: 'Coffee mugs, 6 pack',
        de: 'Kaffeebecher, 6 Stück',
        variants: [
          ['white porcelain', 'Porzellan weiß'],
          ['stoneware', 'Steingut'],
          ['glass', 'Glas'],
        ],
        price: [12, 45],
        unspsc: '52152002',
        unit: 'PK',
        features: [
          ['dishwasher safe', 'spülmaschinenfest'],
          ['300 ml', '300 ml'],
        ],
      },
      {
        key: 'dishwasher-tabs',
        en: 'Dishwasher tablets, 100 pack',
        de: 'Spülmaschinentabs, 100 Stück',
        variants: [
          ['all in one', 'All-in-One'],
          ['phosphate free', 'phosphatfrei'],
          ['eco', 'Öko'],
        ],
        price: [9, 29],
        unspsc: '47131800',
        unit: 'PK',
        features: [
          ['with rinse aid', 'mit Klarspüler'],
          ['water-soluble film', 'wasserlösliche Folie'],
        ],
      },
    ],
  },
  {
    categoryId: 'beverages',
    weight: 2,
    brands: ['Tchibo', 'Dallmayr', 'Lavazza', 'Jacobs', 'Gerolsteiner'],
    types: [
      {
        key: 'coffee-beans',
        en: 'Coffee beans 1 kg',
        de: 'Kaffeebohnen 1 kg',
        variants: [
          ['espresso', 'Espresso'],
          ['crema', 'Crema'],
          ['organic', 'Bio'],
        ],
        price: [11, 29],
        unspsc: '50201706',
        features: [
          ['for fully automatic machines', 'für Kaffeevollautomaten'],
          ['Fairtrade', 'Fairtrade'],
        ],
      },
      {
        key: 'mineral-water',
        en: 'Mineral water 12 x 0.75 l',
        de: 'Mineralwasser 12 x 0,75 l',
        variants: [
          ['sparkling', 'mit Kohlensäure'],
          ['still', 'still'],
          ['medium', 'medium'],
        ],
        price: [6, 14],
        unspsc: '50202301',
        unit: 'PK',
        features: [
          ['glass bottles', 'Glasflaschen'],
          ['returnable', 'Mehrweg'],
        ],
      },
    ],
  },
];

/**
 * Which vendors plausibly sell which categories (root or leaf ids): an offer's vendor is drawn
 * from those that sell the product's category, so no book trader sells HDMI cables.
 */
export const VENDOR_SCOPE: Record<string, readonly string[]> = {
  'Büroprofi Schneider GmbH': [
    'office',
    'furniture',
    'printers',
    'toner-ink',
    'kitchen',
    'cables',
    'peripherals',
    'monitors',
  ],
  'OfficeLine Direct': ['office', 'printers', 'toner-ink', 'kitchen', 'peripherals'],
  'Kontor Handel KG': ['office', 'furniture', 'kitchen', 'cleaning'],
  'TechSupply Europe': ['it'],
  'Kabelwerk Versand': ['cables', 'peripherals', 'storage-media', 'monitors'],
  'Nordlicht IT-Distribution': ['it'],
  'Möbelwerk Objekt GmbH': ['furniture'],
  'SafetyFirst Industrial': ['ppe', 'gloves', 'first-aid', 'fasteners', 'tools'],
  'Hygiene Partner Süd': ['cleaning', 'gloves', 'first-aid', 'kitchen'],
  'LabSource Scientific': ['lab', 'gloves', 'ppe'],
  'Laborhandel Rhein-Main': ['lab', 'gloves'],
  'Buchhandlung am Markt': ['books'],
  'Global Books Trading': ['books'],
  'MRO Express': ['mro'],
  'Werkstattbedarf Huber': ['fasteners', 'tools', 'ppe', 'gloves'],
  'Marketplace Retail': ['office', 'it', 'furniture', 'mro', 'lab', 'kitchen', 'books'],
  'Renewed Electronics': ['it'],
  'Allround Supplies Ltd': ['office', 'it', 'furniture', 'mro', 'kitchen'],
};
