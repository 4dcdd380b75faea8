import { AvailabilityName, OfferConditionName } from '../catalog.constants';
import { OfferInput, ProductInput, TaxonomyInput } from '../catalog-product.input';
import {
  ASSORTMENT,
  AUTHORS,
  BOOK_PREFIXES,
  BOOK_PUBLISHERS,
  BOOK_TOPICS,
  FULFILLMENT,
  LeafAssortment,
  VENDORS,
} from './assortment';
import { VENDOR_SCOPE } from './assortment-more';
import { CATEGORY_TREE, categoryPath } from './category-tree';
import { DemoRandom, productSeed } from './demo-random';
import { DEMO_PICTURES, bookColour, demoPictures, variantColour } from './demo-pictures';

const BOOK_LEAVES = Object.keys(BOOK_TOPICS);
const BOOK_WEIGHT = 3;
const TOTAL_WEIGHT =
  ASSORTMENT.reduce((sum, leaf) => sum + leaf.weight, 0) + BOOK_WEIGHT * BOOK_LEAVES.length;
const UNSPSC_VERSION = 'UNv260801';
const ECLASS_VERSION = '13.0';

/**
 * The demo product number `index` (0-based) of the catalog with `seed`: a pure function of both,
 * so any slice of a catalog can be generated independently and the same seed gives the same catalog.
 */
export function generateDemoProduct(seed: number, index: number): ProductInput {
  return generate(seed, index).product;
}

/**
 * What kind of product demo product `index` is: its product type key (assortment.ts) or
 * `book:<english-topic>` (e.g. `book:procurement`; the relevance judgments in test/relevance refer to these).
 */
export function demoProductKind(seed: number, index: number): string {
  return generate(seed, index).kind;
}

function generate(seed: number, index: number): { product: ProductInput; kind: string } {
  const rng = new DemoRandom(productSeed(seed, index));
  const id = demoProductId(seed, index);
  const german = rng.chance(0.3);
  let ticket = rng.next() * TOTAL_WEIGHT;
  for (const leaf of ASSORTMENT) {
    ticket -= leaf.weight;
    if (ticket < 0) {
      const { draft, kind } = assortmentProduct(rng, id, seed, index, leaf, german);
      return { product: withOffers(rng, draft), kind };
    }
  }
  const category = rng.pick(BOOK_LEAVES);
  const { draft, topic } = bookProduct(rng, id, seed, index, category, german);
  return { product: withOffers(rng, draft), kind: `book:${topic}` };
}

/** Parses a demo product id back into its seed and index (null for other ids). */
export function parseDemoProductId(id: string): { seed: number; index: number } | null {
  const m = /^demo-([0-9a-z]+)-([0-9a-z]+)$/.exec(id);
  return m ? { seed: parseInt(m[1], 36), index: parseInt(m[2], 36) } : null;
}

export function demoProductId(seed: number, index: number): string {
  return `demo-${seed.toString(36)}-${index.toString(36)}`;
}

function demoProductCode(seed: number, index: number): string {
  return `DM${seed.toString(36).toUpperCase()}X${index.toString(36).toUpperCase().padStart(7, '0')}`;
}

type Draft = Omit<ProductInput, 'offers'> & {
  basePrice: number;
  book?: ProductInput['book'];
  /** The offers' unit of measure (UN/ECE Rec. 20), PCE unless the product type names one. */
  unit?: string;
};

function assortmentProduct(
  rng: DemoRandom,
  id: string,
  seed: number,
  index: number,
  leaf: LeafAssortment,
  german: boolean,
): { draft: Draft; kind: string } {
  const type = rng.pick(leaf.types);
  const brand = rng.pick(leaf.brands);
  const [variantEn, variantDe] = rng.pick(type.variants);
  const model = `${brand
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase()}-${rng.int(100, 9999)}`;
  // Named in both languages (the API and the shop answer in the buyer's); the stored name and the
  // indexed texts stay in the product's own language, so search and its judged relevance are as before.
  const names = {
    en: `${brand} ${type.en}, ${variantEn}, ${model}`,
    de: `${brand} ${type.de}, ${variantDe}, ${model}`,
  };
  const name = german ? names.de : names.en;
  const featuresIn = { en: type.features.map(([en]) => en), de: type.features.map(([, de]) => de) };
  const features = german ? featuresIn.de : featuresIn.en;
  const taxonomies: TaxonomyInput[] = [{ type: 'unspsc', code: type.unspsc, version: UNSPSC_VERSION }];
  if (type.eclass && rng.chance(0.5))
    taxonomies.push({ type: 'eclass', code: type.eclass, version: ECLASS_VERSION });
  const [lo, hi] = type.price;
  const draft: Draft = {
    id,
    productCode: demoProductCode(seed, index),
    name,
    brand,
    manufacturer: brand,
    manufacturerPartNumber: model,
    description: german
      ? `${type.de} von ${brand}, ${variantDe}. ${features.join('. ')}. (EN: ${type.en})`
      : `${type.en} by ${brand}, ${variantEn}. ${features.join('. ')}. (DE: ${type.de})`,
    texts: {
      en: {
        name: names.en,
        description: `${type.en} by ${brand}, ${variantEn}. ${featuresIn.en.join('. ')}.`,
      },
      de: {
        name: names.de,
        description: `${type.de} von ${brand}, ${variantDe}. ${featuresIn.de.join('. ')}.`,
      },
    },
    features,
    overview: { manufacturer: brand, model, variant: german ? variantDe : variantEn, ean: ean13From(rng) },
    // Drawn from the type and variant already picked: no further random draw, so the rest of the
    // catalog is what it was before products had pictures.
    images: demoPictures(
      { name, brand },
      DEMO_PICTURES[type.key].shape,
      variantColour(variantEn) ?? DEMO_PICTURES[type.key].colour,
    ),
    taxonomies,
    book: null,
    ...rating(rng),
    categoryId: leaf.categoryId,
    unspsc: type.unspsc,
    cpfEligible: rng.chance(0.15),
    basePrice: lo * Math.pow(hi / lo, rng.next()),
    unit: type.unit,
  };
  return { draft, kind: type.key };
}

function bookProduct(
  rng: DemoRandom,
  id: string,
  seed: number,
  index: number,
  categoryId: string,
  german: boolean,
): { draft: Draft; topic: string } {
  const lang = german ? 'de' : 'en';
  const other = german ? 'en' : 'de';
  const topics = BOOK_TOPICS[categoryId];
  const topicIndex = Math.floor(rng.next() * topics[lang].length);
  const topic = topics[lang][topicIndex];
  const title = `${rng.pick(BOOK_PREFIXES[lang])} ${topic}`;
  const edition = rng.int(1, 6);
  const author = rng.pick(AUTHORS);
  const publisher = rng.pick(BOOK_PUBLISHERS);
  const isbn13 = isbn13From(rng);
  const year = rng.int(2005, 2025);
  const unspsc = CATEGORY_TREE.find((c) => c.id === categoryId)?.unspsc ?? '55101500';
  // A book keeps its title in the language it is published in; the edition is said in the reader's.
  const names = { en: `${title}, ${ordinal(edition)} edition`, de: `${title}, ${edition}. Auflage` };
  const name = names[lang];
  const draft: Draft = {
    id,
    productCode: demoProductCode(seed, index),
    name,
    brand: publisher,
    manufacturer: publisher,
    manufacturerPartNumber: null,
    description: german
      ? `${title} von ${author}. Fachbuch, ${publisher} ${year}.`
      : `${title} by ${author}. Professional book, ${publisher} ${year}.`,
    texts: {
      en: { name: names.en, description: `${title} by ${author}. Professional book, ${publisher} ${year}.` },
      de: { name: names.de, description: `${title} von ${author}. Fachbuch, ${publisher} ${year}.` },
    },
    features: [
      author,
      german ? 'Gebundene Ausgabe' : 'Hardcover',
      german ? `${rng.int(180, 900)} Seiten` : `${rng.int(180, 900)} pages`,
      // Subject headings in both languages, as German book catalogues carry them (Schlagwort).
      german
        ? `Schlagwort: ${topic}; Subject: ${topics[other][topicIndex]}`
        : `Subject: ${topic}; Schlagwort: ${topics[other][topicIndex]}`,
    ],
    overview: { author, publisher, edition },
    images: demoPictures({ name, brand: publisher }, 'book', bookColour(id)),
    taxonomies: [{ type: 'unspsc', code: unspsc, version: UNSPSC_VERSION }],
    book: {
      isbn13,
      isbn10: isbn10From13(isbn13),
      publicationDate: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      publishedLanguage: lang,
    },
    ...rating(rng),
    categoryId,
    unspsc,
    cpfEligible: rng.chance(0.1),
    basePrice: rng.int(1990, 8990) / 100,
  };
  return { draft, topic: topics.en[topicIndex].toLowerCase().replace(/\s+/g, '-') };
}

function rating(rng: DemoRandom): { starRating: number | null; reviewCount: number | null } {
  if (!rng.chance(0.7)) return { starRating: null, reviewCount: null };
  const star = Math.min(5, Math.max(1, 5 - Math.abs(rng.next() + rng.next() - 0.6) * 2.2));
  return { starRating: Math.round(star * 10) / 10, reviewCount: rng.int(1, 2500) };
}

function withOffers(rng: DemoRandom, draft: Draft): ProductInput {
  const { basePrice, unit, ...product } = draft;
  const count = 1 + Math.floor(Math.pow(rng.next(), 2.2) * 8); // 1..8, mostly few
  const path = pathOf(product.categoryId);
  // Only vendors that plausibly sell the category (VENDOR_SCOPE).
  const vendors = VENDORS.filter((vendor) =>
    VENDOR_SCOPE[vendor]?.some((scope) => path.includes(`/${scope}/`)),
  );
  const offers: OfferInput[] = [];
  const isBook = product.book !== null;
  for (let n = 0; n < count && vendors.length > 0; n++) {
    const vendor = vendors.splice(Math.floor(rng.next() * vendors.length), 1)[0];
    const condition = offerCondition(rng, isBook, n);
    const factor =
      condition === 'new'
        ? 0.92 + rng.next() * 0.3
        : condition === 'collectible'
          ? 1.5
          : 0.55 + rng.next() * 0.2;
    const price = Math.max(0.2, Math.round(basePrice * factor * 100) / 100);
    const deliveryDays = Math.min(21, 1 + Math.floor(Math.pow(rng.next(), 2) * 14));
    const tiers =
      !isBook && rng.chance(0.35)
        ? [
            { minQuantity: 10, price: round2(price * 0.95) },
            { minQuantity: 50, price: round2(price * 0.9) },
          ]
        : [];
    const availability = offerAvailability(rng);
    const marketplace = vendor === 'Marketplace Retail' || rng.chance(0.3);
    offers.push({
      id: `${product.id}-${n + 1}`,
      vendor,
      vendorSku: `${vendor.replace(/[^A-Z]/g, '').slice(0, 3) || 'V'}-${product.productCode.slice(-6)}-${n + 1}`,
      price: price.toFixed(2),
      currency: 'EUR',
      quantityTiers: tiers,
      quantityMin: rng.chance(0.15) ? rng.pick([5, 10, 25]) : 1,
      quantityMax: rng.chance(0.2) ? rng.pick([50, 100, 999]) : null,
      condition,
      fulfillment: marketplace ? FULFILLMENT.en[0] : FULFILLMENT.en[1],
      deliveryDays,
      availability,
      isPrime: marketplace && deliveryDays <= 2 && availability === 'in_stock',
      // German rates: 7% for books, quoted gross as book prices are; 19% for the rest, one offer in
      // five quoted gross as consumer shops do (the same draw as before, so the catalog is unchanged).
      vatRate: isBook ? '7' : '19',
      priceIncludesVat: isBook || !rng.chance(0.8),
      priceTaxLabel: null,
      priceInfo: tiers.length > 0 ? 'Volume discounts from 10 units' : null,
      unit: unit ?? 'PCE',
      priceUnitQuantity: 1,
    });
  }
  return { ...product, offers };
}

function offerCondition(rng: DemoRandom, isBook: boolean, n: number): OfferConditionName {
  if (n === 0) return 'new';
  const r = rng.next();
  if (isBook) return r < 0.6 ? 'new' : r < 0.9 ? 'used' : 'collectible';
  return r < 0.8 ? 'new' : r < 0.9 ? 'refurbished' : 'used';
}

function offerAvailability(rng: DemoRandom): AvailabilityName {
  const r = rng.next();
  return r < 0.8 ? 'in_stock' : r < 0.9 ? 'limited' : r < 0.96 ? 'backorder' : 'out_of_stock';
}

const paths = new Map<string, string>();
function pathOf(categoryId: string): string {
  let path = paths.get(categoryId);
  if (path === undefined) paths.set(categoryId, (path = categoryPath(categoryId)));
  return path;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/** A valid EAN-13 with a German GS1 prefix (400-440). */
function ean13From(rng: DemoRandom): string {
  const body = `${rng.int(400, 440)}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A valid ISBN-13 in the German-language group (978-3-...). */
function isbn13From(rng: DemoRandom): string {
  const body = `9783${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export function isbn10From13(isbn13: string): string {
  const body = isbn13.slice(3, 12);
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${body}${check === 10 ? 'X' : String(check)}`;
}
