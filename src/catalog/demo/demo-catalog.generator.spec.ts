import { CATALOG_ID_PATTERN } from '../catalog.constants';
import { ASSORTMENT } from './assortment';
import { CATEGORY_TREE } from './category-tree';
import { VENDOR_SCOPE } from './assortment-more';
import {
  demoProductKind,
  generateDemoProduct,
  isbn10From13,
  parseDemoProductId,
} from './demo-catalog.generator';

describe('demo catalog generator', () => {
  const sample = (seed: number, count: number) =>
    Array.from({ length: count }, (_, index) => generateDemoProduct(seed, index));

  it('makes the same catalog for the same seed and a different one for another seed', () => {
    expect(sample(42, 50)).toEqual(sample(42, 50));
    expect(sample(43, 50).map((p) => p.name)).not.toEqual(sample(42, 50).map((p) => p.name));
  });

  it('generates a product independently of the ones before it', () => {
    expect(generateDemoProduct(7, 999)).toEqual(sample(7, 1000)[999]);
  });

  it('gives unique ids and codes that match the opaque id rule', () => {
    const products = sample(1, 2000);
    expect(new Set(products.map((p) => p.id)).size).toBe(2000);
    expect(new Set(products.map((p) => p.productCode)).size).toBe(2000);
    for (const product of products) {
      expect(product.id).toMatch(CATALOG_ID_PATTERN);
      for (const offer of product.offers) expect(offer.id).toMatch(CATALOG_ID_PATTERN);
    }
  });

  it('makes 1 to 8 offers per product from different vendors with valid conditions', () => {
    for (const product of sample(3, 1000)) {
      expect(product.offers.length).toBeGreaterThanOrEqual(1);
      expect(product.offers.length).toBeLessThanOrEqual(8);
      expect(new Set(product.offers.map((o) => o.vendor)).size).toBe(product.offers.length);
      for (const offer of product.offers) {
        expect(['new', 'used', 'refurbished', 'collectible']).toContain(offer.condition);
        expect(Number(offer.price)).toBeGreaterThan(0);
        expect(offer.deliveryDays).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('covers every leaf category, and puts UNSPSC codes on every product', () => {
    const products = sample(5, 3000);
    const leaves = new Set(CATEGORY_TREE.filter((c) => c.parentId !== null).map((c) => c.id));
    expect(new Set(products.map((p) => p.categoryId))).toEqual(leaves);
    for (const product of products) expect(product.taxonomies[0]).toMatchObject({ type: 'unspsc' });
    const codesOfChairs = ASSORTMENT.find((leaf) => leaf.categoryId === 'chairs')!.types.map((t) => t.unspsc);
    for (const chair of products.filter((p) => p.categoryId === 'chairs')) {
      expect(codesOfChairs).toContain(chair.unspsc);
    }
  });

  it('names and describes every product in English and German, each in its own words', () => {
    const products = sample(1, 3000);
    const typesByName = new Map(ASSORTMENT.flatMap((leaf) => leaf.types).map((type) => [type.key, type]));
    for (const [index, product] of products.entries()) {
      expect(product.texts?.en?.name).toBeTruthy();
      expect(product.texts?.de?.name).toBeTruthy();
      expect(product.texts?.en?.description).toBeTruthy();
      expect(product.texts?.de?.description).toBeTruthy();
      // The stored name is one of the two (the product's own language, as search indexes it).
      expect([product.texts?.en?.name, product.texts?.de?.name]).toContain(product.name);
      const type = typesByName.get(demoProductKind(1, index));
      if (!type) continue; // books: the title stays in its language, the edition is said in each
      expect(product.texts?.en?.name).toContain(type.en);
      expect(product.texts?.de?.name).toContain(type.de);
    }
    const keyboards = products.filter((_, index) => demoProductKind(1, index) === 'keyboard');
    expect(keyboards.length).toBeGreaterThan(10);
    for (const keyboard of keyboards) {
      expect(keyboard.texts?.en?.name).not.toMatch(/Tastatur|kabel|deutsch|kompakt/);
      expect(keyboard.texts?.de?.name).not.toMatch(/Keyboard|wired|wireless|German|compact/);
    }
    const books = products.filter((p) => p.book !== null);
    for (const book of books) {
      expect(book.texts?.en?.name).toMatch(/ edition$/);
      expect(book.texts?.de?.name).toMatch(/\. Auflage$/);
    }
  });

  it('gives books valid ISBNs, a publication date and a language', () => {
    const books = sample(9, 2000).filter((p) => p.book !== null);
    expect(books.length).toBeGreaterThan(50);
    for (const { book } of books) {
      expect(book!.isbn13).toMatch(/^978\d{10}$/);
      const digits = [...book!.isbn13!].map(Number);
      expect(digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0) % 10).toBe(0);
      expect(book!.publicationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['de', 'en']).toContain(book!.publishedLanguage);
    }
  });

  it('computes the ISBN-10 check digit, including X', () => {
    expect(isbn10From13('9780306406157')).toBe('0306406152');
    expect(isbn10From13('9780804429573')).toBe('080442957X');
  });

  it('draws offers only from vendors that sell the category (no book trader sells cables)', () => {
    for (const product of sample(11, 1500)) {
      for (const offer of product.offers) {
        const scope = VENDOR_SCOPE[offer.vendor];
        expect(scope).toBeDefined();
        const path = CATEGORY_TREE.find((c) => c.id === product.categoryId)!;
        const ids = [path.id, path.parentId];
        expect(scope.some((s) => ids.includes(s))).toBe(true);
      }
    }
  });

  it('gives products other than books a valid EAN-13', () => {
    for (const product of sample(12, 500).filter((p) => p.book === null)) {
      const ean = String(product.overview.ean);
      expect(ean).toMatch(/^4[0-4]\d{11}$/);
      expect([...ean].map(Number).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0) % 10).toBe(0);
    }
  });

  it('names each product type by a unique key and tells a demo product’s kind', () => {
    const keys = ASSORTMENT.flatMap((leaf) => leaf.types.map((t) => t.key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(parseDemoProductId('demo-1-2s')).toEqual({ seed: 1, index: 100 });
    const kind = demoProductKind(1, 100);
    expect(kind.startsWith('book:') || keys.includes(kind)).toBe(true);
  });
});
