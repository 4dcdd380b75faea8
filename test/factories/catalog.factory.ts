import { CatalogWriterRepository } from '../../src/catalog/catalog-writer.repository';
import { OfferInput, ProductInput } from '../../src/catalog/catalog-product.input';
import { CATEGORY_TREE } from '../../src/catalog/demo/category-tree';
import { PrismaService } from '../../src/database/prisma.service';

export type OfferSpec = Partial<OfferInput> & { price: string };
export type ProductSpec = Partial<Omit<ProductInput, 'offers'>> & {
  id: string;
  name: string;
  categoryId: string;
  offers: OfferSpec[];
};

/** A product with its offers, filled with neutral defaults so a test states only what matters. */
export function productInput(spec: ProductSpec): ProductInput {
  return {
    productCode: `CODE-${spec.id}`,
    brand: null,
    manufacturer: null,
    manufacturerPartNumber: null,
    description: null,
    features: [],
    overview: {},
    images: [],
    taxonomies: [],
    book: null,
    starRating: null,
    reviewCount: null,
    unspsc: null,
    cpfEligible: false,
    ...spec,
    offers: spec.offers.map((offer, i) => ({
      id: `${spec.id}-o${i + 1}`,
      vendor: 'Test Vendor',
      vendorSku: null,
      currency: 'EUR',
      quantityTiers: [],
      quantityMin: null,
      quantityMax: null,
      condition: 'new',
      fulfillment: null,
      deliveryDays: 3,
      availability: 'in_stock',
      isPrime: false,
      vatRate: null,
      priceIncludesVat: false,
      priceTaxLabel: null,
      priceInfo: null,
      unit: 'PCE',
      priceUnitQuantity: 1,
      ...offer,
    })),
  };
}

/** Writes the built-in category tree and the products through the real catalog write path. */
export async function createCatalog(prisma: PrismaService, products: ProductSpec[]): Promise<void> {
  const writer = new CatalogWriterRepository();
  const client = await prisma.pool.connect();
  try {
    await client.query('BEGIN');
    await writer.upsertCategories(client, CATEGORY_TREE);
    await writer.writeProducts(client, products.map(productInput));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** Every fixture product carries the word "fixture", so `query=fixture` matches them all. */
const F = ['fixture'];

/** The small fixed catalog of the search tests. */
export const FIXED_CATALOG: ProductSpec[] = [
  {
    id: 'chair-1',
    name: 'Ergonomischer Bürostuhl Comfort',
    brand: 'Topstar',
    categoryId: 'chairs',
    features: F,
    starRating: 4.5,
    offers: [
      { price: '199.00', deliveryDays: 2, isPrime: true, vendor: 'Möbelwerk', priceTaxLabel: 'excl. VAT' },
    ],
  },
  {
    id: 'chair-2',
    name: 'Office chair with armrests',
    brand: 'Interstuhl',
    categoryId: 'chairs',
    features: F,
    starRating: 3.2,
    offers: [
      { price: '349.00', deliveryDays: 5 },
      { price: '180.00', deliveryDays: 7, condition: 'used', vendor: 'Second Hand Office' },
    ],
  },
  {
    id: 'pen-1',
    name: 'Pelikan blue ballpoint pen',
    brand: 'Pelikan',
    categoryId: 'writing',
    features: F,
    starRating: 4.8,
    cpfEligible: true,
    offers: [{ price: '1.50', quantityTiers: [{ minQuantity: 10, price: 1.3 }] }],
  },
  {
    id: 'pen-2',
    name: 'Stabilo highlighter yellow',
    brand: 'Stabilo',
    categoryId: 'writing',
    features: F,
    offers: [{ price: '0.90' }],
  },
  {
    id: 'pen-3',
    name: 'Pelikan fountain pen with ballpoint refill',
    brand: 'Pelikan',
    categoryId: 'writing',
    features: F,
    offers: [{ price: '24.90' }],
  },
  {
    id: 'organiser',
    name: 'Desk organiser',
    brand: 'Leitz',
    categoryId: 'desk-accessories',
    description: 'Holds every pen and pencil on the desk.',
    features: F,
    offers: [{ price: '12.00' }],
  },
  {
    id: 'paper-1',
    name: 'Kopierpapier A4 weiß',
    brand: 'Navigator',
    categoryId: 'paper',
    description: 'Copy paper for laser printers.',
    features: F,
    cpfEligible: true,
    offers: [{ price: '4.99' }],
  },
  {
    id: 'paper-2',
    name: 'Recycled copy paper A4',
    brand: 'Steinbeis',
    categoryId: 'paper',
    features: F,
    offers: [{ price: '3.99' }],
  },
  {
    id: 'cable-1',
    name: 'USB-C cable 2 m',
    brand: 'Delock',
    categoryId: 'cables',
    features: F,
    offers: [{ price: '9.99' }, { price: '5.49', condition: 'refurbished', vendor: 'Renewed Electronics' }],
  },
  {
    id: 'cable-2',
    name: 'HDMI cable 3 m',
    brand: 'Goobay',
    categoryId: 'cables',
    features: F,
    offers: [{ price: '12.50', availability: 'backorder', deliveryDays: 10 }],
  },
  {
    id: 'book-1',
    name: 'Praxishandbuch Einkauf',
    brand: 'Springer',
    categoryId: 'business-books',
    features: F,
    book: { isbn13: '9783658000001', publishedLanguage: 'de' },
    offers: [{ price: '49.90' }, { price: '120.00', condition: 'collectible', vendor: 'Antiquariat' }],
  },
  {
    id: 'gloves-1',
    name: 'Nitril Handschuhe Größe M',
    brand: 'Ansell',
    categoryId: 'gloves',
    features: F,
    offers: [{ price: '7.50' }],
  },
  {
    id: 'creme-1',
    name: 'Handcrème für das Büro',
    brand: 'Frosch',
    categoryId: 'cleaning',
    features: F,
    offers: [{ price: '3.20' }],
  },
];
