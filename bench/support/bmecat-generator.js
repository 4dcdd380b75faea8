#!/usr/bin/env node
// A deterministic supplier catalog for benchmarks, streamed to a file (never held whole):
//
//   node bench/support/bmecat-generator.js --products N --out file.xml [--format bmecat|jsonl] [--features 0-20]
//
// BMEcat 2005 (namespace 2005.1, T_NEW_CATALOG) of N products as a real office/IT/electrical
// supplier writes them: German and English texts (short name ~60, long description ~400 characters
// each), GTIN, manufacturer name and part number, two keywords, an eCl@ss class with 20 features
// (names in both languages, values with units or translated words), order unit and content, three
// net price tiers with TAX, one picture under MIME_ROOT: about 6 KB per product. `--format jsonl`
// writes the same products in the gateway's own import shape (one JSON object a line), so that a
// benchmark can compare the two with equal content. Product i is the same in every run and format.
'use strict';
/* global Buffer */
const { createWriteStream } = require('node:fs');
const { once } = require('node:events');

const BRANDS = [
  'Leitz',
  'Navigator',
  'Schneider',
  'Brennenstuhl',
  'Kabelwerk',
  'Logitech',
  'Fellowes',
  'Tesa',
  'Durable',
  'Hama',
];
const THINGS = [
  ['Heftgerät', 'Stapler', '24290104'],
  ['Ordner', 'Lever arch file', '24320601'],
  ['Kopierpapier', 'Copy paper', '24320101'],
  ['Kugelschreiber', 'Ballpoint pen', '24230101'],
  ['USB-C-Kabel', 'USB-C cable', '19199090'],
  ['Steckdosenleiste', 'Power strip', '27141103'],
  ['Tastatur', 'Keyboard', '19200101'],
  ['Schreibtischleuchte', 'Desk lamp', '27140601'],
];
const COLOURS = [
  ['schwarz', 'black'],
  ['weiß', 'white'],
  ['blau', 'blue'],
  ['rot', 'red'],
  ['grau', 'grey'],
  ['grün', 'green'],
];
const MATERIALS = [
  ['Kunststoff', 'plastic'],
  ['Metall', 'metal'],
  ['Recyclingkarton', 'recycled cardboard'],
  ['Aluminium', 'aluminium'],
];
/** 20 features: [German name, English name, unit or null, kind]; kind 'number' or 'words' (translated values). */
const FEATURES = [
  ['Breite', 'Width', 'MMT', 'number'],
  ['Höhe', 'Height', 'MMT', 'number'],
  ['Tiefe', 'Depth', 'MMT', 'number'],
  ['Gewicht', 'Weight', 'GRM', 'number'],
  ['Farbe', 'Colour', null, 'colour'],
  ['Material', 'Material', null, 'material'],
  ['Kabellänge', 'Cable length', 'MTR', 'number'],
  ['Nennspannung', 'Rated voltage', 'VLT', 'number'],
  ['Leistungsaufnahme', 'Power consumption', 'WTT', 'number'],
  ['Schutzart', 'Protection class', null, 'code'],
  ['Anzahl Steckplätze', 'Number of slots', null, 'number'],
  ['Füllmenge', 'Capacity', 'C62', 'number'],
  ['Format', 'Size', null, 'code'],
  ['Flächengewicht', 'Grammage', 'GM', 'number'],
  ['Recyclinganteil', 'Recycled content', 'P1', 'number'],
  ['Garantie', 'Warranty', 'ANN', 'number'],
  ['Betriebstemperatur max.', 'Max. operating temperature', 'CEL', 'number'],
  ['Verpackungseinheit', 'Packaging unit', 'C62', 'number'],
  ['Oberfläche', 'Surface', null, 'material'],
  ['Zertifizierung', 'Certification', null, 'code'],
];
const CODES = ['IP20', 'IP44', 'A4', 'A5', 'FSC', 'Blauer Engel', 'CE', 'TÜV GS'];
const SENTENCES = [
  ['Robuste Ausführung für den täglichen Einsatz im Büro', 'Sturdy design for everyday use in the office'],
  ['geprüfte Qualität nach europäischen Normen', 'tested quality to European standards'],
  ['mit langlebigen Bauteilen und sorgfältiger Verarbeitung', 'with durable parts and careful workmanship'],
  [
    'ideal für Arbeitsplätze, Besprechungsräume und das Homeoffice',
    'ideal for workplaces, meeting rooms and home offices',
  ],
  [
    'platzsparend, leicht zu reinigen und ressourcenschonend hergestellt',
    'space-saving, easy to clean and made with few resources',
  ],
  [
    'Lieferung in umweltfreundlicher Verpackung ohne Kunststoff',
    'delivered in environmentally friendly packaging without plastic',
  ],
];

/** A small deterministic generator (mulberry32), seeded per product so product i never depends on N. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gtin(i) {
  const body = `400${String(i).padStart(9, '0')}`;
  let sum = 0;
  for (let k = body.length - 1, weight = 3; k >= 0; k--, weight = 4 - weight) sum += Number(body[k]) * weight;
  return body + ((10 - (sum % 10)) % 10);
}

/** Product i as plain data: what both formats write. */
function productAt(i) {
  const next = random(i * 2654435761 + 17);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const [thingDe, thingEn, eclass] = THINGS[i % THINGS.length];
  const brand = pick(BRANDS);
  const [colourDe, colourEn] = pick(COLOURS);
  // Unique per product: a repeated brand and part number would join two items into one product (the
  // import's matching rule), and the end-to-end bench compares N products created in each format.
  const model = `${brand.slice(0, 3).toUpperCase()}-${String(i).padStart(7, '0')}`;
  const sentences = [0, 1, 2, 3].map(() => pick(SENTENCES));
  const features = FEATURES.map(([nameDe, nameEn, unit, kind]) => {
    if (kind === 'number') return { nameDe, nameEn, unit, values: [String(Math.round(next() * 5000) / 10)] };
    if (kind === 'colour') return { nameDe, nameEn, unit, values: [colourDe, colourEn] };
    if (kind === 'material') return { nameDe, nameEn, unit, values: pick(MATERIALS) };
    const code = pick(CODES);
    return { nameDe, nameEn, unit, values: [code] };
  });
  const base = 1 + Math.round(next() * 20000) / 100;
  return {
    id: `GEN-${String(i).padStart(7, '0')}`,
    gtin: gtin(i),
    brand,
    model,
    eclass,
    nameDe: `${thingDe} ${brand} ${model}, ${colourDe}`,
    nameEn: `${thingEn} ${brand} ${model}, ${colourEn}`,
    descriptionDe: `${sentences.map(([de]) => de).join('. ')}. Artikel ${model} von ${brand}, Farbe ${colourDe}.`,
    descriptionEn: `${sentences.map(([, en]) => en).join('. ')}. Item ${model} by ${brand}, colour ${colourEn}.`,
    keywords: [thingDe, thingEn],
    features,
    tiers: [
      ['1', base.toFixed(2)],
      ['10', (base * 0.95).toFixed(2)],
      ['100', (base * 0.9).toFixed(2)],
    ],
    contentPerUnit: 1 + (i % 5) * 5,
  };
}

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function bmecatHeader() {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE BMECAT SYSTEM "bmecat_2005.dtd">
<BMECAT xmlns="http://www.bmecat.org/bmecat/2005.1" version="2005.1">
  <HEADER>
    <GENERATOR_INFO>bench/support/bmecat-generator.js</GENERATOR_INFO>
    <CATALOG>
      <LANGUAGE default="true">deu</LANGUAGE>
      <LANGUAGE>eng</LANGUAGE>
      <CATALOG_ID>BENCH</CATALOG_ID>
      <CATALOG_VERSION>1.0</CATALOG_VERSION>
      <CURRENCY>EUR</CURRENCY>
      <MIME_ROOT>https://media.bench.example/</MIME_ROOT>
    </CATALOG>
    <SUPPLIER>
      <SUPPLIER_ID type="duns">123456789</SUPPLIER_ID>
      <SUPPLIER_NAME>Bench Supplier GmbH</SUPPLIER_NAME>
    </SUPPLIER>
  </HEADER>
  <T_NEW_CATALOG>
`;
}

/** `featureCount`: how many of the product's features the file carries (0: none, the rest unchanged). */
function bmecatProduct(p, featureCount = p.features.length) {
  const features = p.features
    .slice(0, featureCount)
    .map((f) => {
      const values =
        f.values.length === 2
          ? `<FVALUE lang="deu">${escapeXml(f.values[0])}</FVALUE><FVALUE lang="eng">${escapeXml(f.values[1])}</FVALUE>`
          : `<FVALUE>${escapeXml(f.values[0])}</FVALUE>`;
      const unit = f.unit ? `<FUNIT>${f.unit}</FUNIT>` : '';
      return `        <FEATURE><FNAME lang="deu">${escapeXml(f.nameDe)}</FNAME><FNAME lang="eng">${escapeXml(f.nameEn)}</FNAME>${values}${unit}</FEATURE>\n`;
    })
    .join('');
  const prices = p.tiers
    .map(
      ([lowerBound, amount]) =>
        `        <PRODUCT_PRICE price_type="net_customer"><PRICE_AMOUNT>${amount}</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TAX>0.19</TAX><LOWER_BOUND>${lowerBound}</LOWER_BOUND></PRODUCT_PRICE>\n`,
    )
    .join('');
  return `    <PRODUCT>
      <SUPPLIER_PID>${p.id}</SUPPLIER_PID>
      <PRODUCT_DETAILS>
        <DESCRIPTION_SHORT lang="deu">${escapeXml(p.nameDe)}</DESCRIPTION_SHORT>
        <DESCRIPTION_SHORT lang="eng">${escapeXml(p.nameEn)}</DESCRIPTION_SHORT>
        <DESCRIPTION_LONG lang="deu">${escapeXml(p.descriptionDe)}</DESCRIPTION_LONG>
        <DESCRIPTION_LONG lang="eng">${escapeXml(p.descriptionEn)}</DESCRIPTION_LONG>
        <INTERNATIONAL_PID type="gtin">${p.gtin}</INTERNATIONAL_PID>
        <MANUFACTURER_PID>${p.model}</MANUFACTURER_PID>
        <MANUFACTURER_NAME>${p.brand}</MANUFACTURER_NAME>
        <DELIVERY_TIME>2</DELIVERY_TIME>
        <KEYWORD lang="deu">${escapeXml(p.keywords[0])}</KEYWORD>
        <KEYWORD lang="eng">${escapeXml(p.keywords[1])}</KEYWORD>
      </PRODUCT_DETAILS>
      <PRODUCT_FEATURES>
        <REFERENCE_FEATURE_SYSTEM_NAME>ECLASS-9.0</REFERENCE_FEATURE_SYSTEM_NAME>
        <REFERENCE_FEATURE_GROUP_ID>${p.eclass}</REFERENCE_FEATURE_GROUP_ID>
${features}      </PRODUCT_FEATURES>
      <PRODUCT_ORDER_DETAILS><ORDER_UNIT>PK</ORDER_UNIT><CONTENT_UNIT>C62</CONTENT_UNIT><NO_CU_PER_OU>${p.contentPerUnit}</NO_CU_PER_OU><PRICE_QUANTITY>1</PRICE_QUANTITY><QUANTITY_MIN>1</QUANTITY_MIN></PRODUCT_ORDER_DETAILS>
      <PRODUCT_PRICE_DETAILS>
${prices}      </PRODUCT_PRICE_DETAILS>
      <MIME_INFO><MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>products/${p.id}.jpg</MIME_SOURCE><MIME_ALT lang="deu">${escapeXml(p.nameDe)}</MIME_ALT><MIME_ALT lang="eng">${escapeXml(p.nameEn)}</MIME_ALT><MIME_PURPOSE>normal</MIME_PURPOSE></MIME></MIME_INFO>
    </PRODUCT>
`;
}

const BMECAT_FOOTER = '  </T_NEW_CATALOG>\n</BMECAT>\n';

/** The same product in the gateway's JSONL import shape (German texts, the English name in the features). */
function jsonlProduct(p) {
  return JSON.stringify({
    productCode: p.id,
    name: p.nameDe,
    brand: p.brand,
    manufacturer: p.brand,
    manufacturerPartNumber: p.model,
    category: 'desk-accessories',
    description: p.descriptionDe,
    features: p.features.map((f) => `${f.nameDe}: ${f.values[0]}${f.unit ? ` ${f.unit}` : ''}`),
    taxonomies: [{ type: 'eclass', code: p.eclass, version: '9.0' }],
    offers: [
      {
        id: `${p.id}-O`,
        vendor: 'Bench Supplier GmbH',
        vendorSku: p.id,
        price: p.tiers[0][1],
        currency: 'EUR',
        deliveryDays: 2,
        quantityTiers: p.tiers
          .slice(1)
          .map(([minQuantity, price]) => ({ minQuantity: Number(minQuantity), price })),
        vatRate: '19',
        priceIncludesVat: false,
        unit: 'PK',
      },
    ],
  });
}

/**
 * Streams N products in `format` to `out`; resolves with the bytes written. `features`: how many
 * features each BMEcat product carries (default all 20; 0 for the same catalog without features).
 */
async function writeCatalog({ products, out, format = 'bmecat', features = FEATURES.length }) {
  const stream = createWriteStream(out);
  let bytes = 0;
  const write = async (text) => {
    bytes += Buffer.byteLength(text);
    if (!stream.write(text)) await once(stream, 'drain');
  };
  if (format === 'bmecat') await write(bmecatHeader());
  for (let i = 0; i < products; i++) {
    const product = productAt(i);
    await write(format === 'bmecat' ? bmecatProduct(product, features) : `${jsonlProduct(product)}\n`);
  }
  if (format === 'bmecat') await write(BMECAT_FOOTER);
  stream.end();
  await once(stream, 'finish');
  return bytes;
}

function parseArgs(argv) {
  const args = { products: 1000, out: null, format: 'bmecat', features: FEATURES.length };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (name === '--products') args.products = Number(value);
    else if (name === '--out') args.out = value;
    else if (name === '--format') args.format = value;
    else if (name === '--features') args.features = Number(value);
    else throw new Error(`unknown option ${name}`);
  }
  if (
    !args.out ||
    !Number.isInteger(args.products) ||
    args.products < 0 ||
    !['bmecat', 'jsonl'].includes(args.format)
  )
    throw new Error(
      'usage: node bench/support/bmecat-generator.js --products N --out FILE [--format bmecat|jsonl] [--features 0-20]',
    );
  return args;
}

if (require.main === module) {
  try {
    const args = parseArgs(process.argv.slice(2));
    writeCatalog(args).then(
      (bytes) =>
        console.log(
          `${args.out}: ${args.products} products, ${(bytes / 1e6).toFixed(1)} MB (${args.format})`,
        ),
      (error) => {
        console.error(error.message);
        process.exit(1);
      },
    );
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
}

module.exports = { writeCatalog, productAt };
