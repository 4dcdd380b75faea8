import { IMAGE_KINDS } from '../catalog.constants';
import { DRAWN_COLOURS, DRAWN_SHAPES } from '../drawn-picture';
import { ASSORTMENT } from './assortment';
import { generateDemoProduct } from './demo-catalog.generator';
import { DEMO_PICTURES, bookColour } from './demo-pictures';

describe('demo product pictures', () => {
  const products = Array.from({ length: 1500 }, (_, index) => generateDemoProduct(11, index));

  it('has a drawing for every product type of the assortment', () => {
    const types = ASSORTMENT.flatMap((leaf) => leaf.types);
    const shapes: readonly string[] = DRAWN_SHAPES;
    expect(
      types.filter((type) => !shapes.includes(DEMO_PICTURES[type.key]?.shape)).map((t) => t.key),
    ).toEqual([]);
  });

  it('gives every product three views in the four sizes the API lists, as paths on the gateway', () => {
    for (const product of products) {
      expect(product.images).toHaveLength(12);
      for (const [i, image] of product.images.entries()) {
        const view = ['front', 'angled', 'detail'][Math.floor(i / 4)];
        const kind = Object.keys(IMAGE_KINDS)[i % 4] as keyof typeof IMAGE_KINDS;
        expect(image).toEqual({
          url: expect.any(String),
          ...IMAGE_KINDS[kind],
          altText: expect.any(String),
          kind,
        });
        const url = new URL(image.url, 'http://gateway.test');
        expect(image.url.startsWith('/images/drawn/')).toBe(true);
        expect(url.pathname).toMatch(new RegExp(`^/images/drawn/[a-z-]+/[0-9a-f]{6}/${view}/${kind}\\.svg$`));
        expect(url.searchParams.get('brand')).toBe(product.brand);
      }
    }
  });

  it('draws each product as its kind, in the colour its variant names', () => {
    const blue = DRAWN_COLOURS.blue;
    const bluePens = products.filter(
      (p) => p.categoryId === 'writing' && p.overview.variant === 'blue' && p.name.includes('Ballpoint'),
    );
    expect(bluePens.length).toBeGreaterThan(0);
    for (const pen of bluePens) expect(pen.images[0].url).toMatch(`/images/drawn/pen/${blue}/front/`);
    const chairs = products.filter((p) => p.categoryId === 'chairs');
    expect(chairs.length).toBeGreaterThan(0);
    for (const chair of chairs)
      expect(chair.images[0].url).toMatch(/^\/images\/drawn\/(office|cantilever)-chair\//);
  });

  it('names product, brand, colour and view in the alt text', () => {
    const cyanToner = products.find(
      (p) => p.name.startsWith(`${p.brand} Toner cartridge`) && p.overview.variant === 'cyan',
    );
    expect(cyanToner).toBeDefined();
    expect(cyanToner!.images.map((i) => i.altText)).toContain(
      `${cyanToner!.name} (${cyanToner!.brand}, cyan), angled view`,
    );
  });

  it('gives books a cover picture with the publisher, in a colour fixed by the id', () => {
    const books = products.filter((p) => p.book !== null);
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) {
      expect(book.images[0].url).toBe(
        `/images/drawn/book/${DRAWN_COLOURS[bookColour(book.id)]}/front/thumbnail.svg?brand=${encodeURIComponent(book.brand!)}`,
      );
    }
    expect(new Set(books.map((b) => bookColour(b.id))).size).toBeGreaterThan(3);
  });
});
