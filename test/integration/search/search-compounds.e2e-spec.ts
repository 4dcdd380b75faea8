import { ProductSpec, createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { Json, bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

const offer = [{ price: '10.00' }];
const p = (id: string, name: string, categoryId: string, extra: Partial<ProductSpec> = {}): ProductSpec => ({
  id,
  name,
  categoryId,
  offers: offer,
  ...extra,
});

/** Compound words both ways, whole words above compound parts, identifiers first. */
const CATALOG: ProductSpec[] = [
  p('kopierpapier', 'Kopierpapier A4 80 g', 'cleaning'),
  p('druckerpapier', 'Druckerpapier A4 100 g', 'cleaning'),
  p('papier', 'Papier A3 weiß', 'cleaning'),
  p('bleistift', 'Bleistift HB', 'cleaning'),
  p('filzstift', 'Filzstift rot', 'cleaning'),
  p('einweghandschuhe', 'Einweghandschuhe Nitril', 'cleaning'),
  p('aktenschrank', 'Aktenschrank abschließbar', 'cleaning'),
  p('laserdrucker', 'Laserdrucker monochrom', 'cleaning'),
  p('laser-drucker', 'Farb-Laser-Drucker A4', 'cleaning'),
  p('laser-apart', 'Laser Drucker kompakt', 'cleaning'),
  p('tintenpatrone', 'Tintenpatrone schwarz', 'cleaning'),
  p('tintenstrahldrucker', 'Tintenstrahldrucker A4', 'cleaning'),
  p('papierkorb', 'Papierkorb Metall 20 l', 'cleaning'),
  p('drahtpapierkorb', 'Drahtpapierkorb schwarz', 'cleaning'),
  p('korb-papier', 'Korb für Papierrollen', 'cleaning'),
  p('tastatur-kabelgebunden', 'Tastatur, deutsches Layout, kabelgebunden', 'cleaning'),
  p('maus-kabelgebunden', 'Maus, kabelgebunden, schwarz', 'cleaning'),
  p('kabeltrommel', 'Kabeltrommel 25 m', 'cleaning'),
  p('netzwerkkabel', 'Netzwerkkabel Cat 6, 5 m', 'cleaning'),
  p('hdmi-kabel', 'HDMI-Kabel, 2 m', 'cleaning'),
  p('schreibtisch', 'Schreibtisch, 160 x 80 cm', 'cleaning'),
  p('schreibtisch-organizer', 'Schreibtisch-Organizer, 6 Fächer', 'cleaning'),
  p('coded', 'Gewindestange M8', 'cleaning', {
    productCode: 'GW-2000-XL',
    manufacturerPartNumber: 'AB-12 345',
    overview: { ean: '4006381333931' },
    book: null,
    offers: [{ price: '3.00', vendorSku: 'SKU/778-1' }],
  }),
  p('isbn-book', 'Einkauf kompakt', 'business-books', {
    book: {
      isbn13: '9783161484100',
      isbn10: '3161484100',
      publicationDate: '2024-05-01',
      publishedLanguage: 'de',
    },
  }),
];

describe('search: compound words and identifiers', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, CATALOG);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    token = await issueTestToken(t.prisma, await createUser(t.prisma, organization), client);
  });
  afterAll(() => t.close());

  async function ids(query: string): Promise<string[]> {
    const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?${new URLSearchParams({ query })}`, {
      headers: bearer(token),
    });
    expect(response.status).toBe(200);
    return (await bodyOf(response)).data.map((r: Json) => r.id);
  }

  it('finds compounds by their parts, the whole word first', async () => {
    const papier = await ids('papier');
    expect(papier[0]).toBe('papier');
    expect(papier).toEqual(expect.arrayContaining(['kopierpapier', 'druckerpapier']));
    expect(await ids('stift')).toEqual(expect.arrayContaining(['bleistift', 'filzstift']));
    expect(await ids('handschuhe')).toEqual(['einweghandschuhe']);
    expect(await ids('schrank')).toEqual(['aktenschrank']);
  });

  it('finds a compound written together, hyphenated or apart, from each form', async () => {
    const all = ['laser-apart', 'laser-drucker', 'laserdrucker'];
    expect((await ids('Laserdrucker')).sort()).toEqual(all);
    expect((await ids('Laser-Drucker')).sort()).toEqual(all);
    expect((await ids('laser drucker')).sort()).toEqual(all);
    // The compound as typed ranks first.
    expect((await ids('Laserdrucker'))[0]).toBe('laserdrucker');
  });

  it('reads a compound no product is called by its head: druckerpatrone finds the cartridge, not paper', async () => {
    // No "Druckerpatrone" in the catalog; the typo fallback would offer the similar "Druckerpapier".
    expect(await ids('druckerpatrone')).toEqual(['tintenpatrone']);
  });

  it('ranks products that are the head above those that only share the modifier', async () => {
    // "tintendrucker": the inkjet printer is a Drucker with Tinte; the cartridge only shares "tinten",
    // the paper only "drucker" as a modifier.
    const found = await ids('tintendrucker');
    expect(found[0]).toBe('tintenstrahldrucker');
    expect(found.indexOf('tintenstrahldrucker')).toBeLessThan(found.indexOf('druckerpapier') >>> 0);
  });

  it('finds waste bins for papierkorb before anything that is only about paper', async () => {
    // Both bins are a Korb (one a Drahtpapierkorb); the basket for paper rolls has both words but
    // is not a Papierkorb; paper alone is not what was asked for.
    const found = await ids('papierkorb');
    expect(found.slice(0, 2).sort()).toEqual(['drahtpapierkorb', 'papierkorb']);
    expect(found.slice(2)).toEqual(['korb-papier']);
  });

  it('ranks what a word names above what has it only as a modifier: cables before wired keyboards', async () => {
    // A Netzwerkkabel and an HDMI-Kabel are cables; a kabelgebundene Tastatur is a keyboard and a
    // Kabeltrommel a drum; a Schreibtisch-Organizer is no Tisch.
    const kabel = await ids('kabel');
    expect(kabel.slice(0, 2).sort()).toEqual(['hdmi-kabel', 'netzwerkkabel']);
    expect(kabel.slice(2).sort()).toEqual(['kabeltrommel', 'maus-kabelgebunden', 'tastatur-kabelgebunden']);
    expect(await ids('tisch')).toEqual(['schreibtisch', 'schreibtisch-organizer']);
  });

  it.each([
    'GW-2000-XL',
    'gw2000xl',
    'AB-12 345',
    'ab12345',
    '4006381333931',
    '4 006381 333931',
    'SKU/778-1',
    '978-3-16-148410-0',
    '3161484100',
  ])('puts the product of identifier %s first', async (query) => {
    const found = await ids(query);
    expect(found[0]).toBe(query.startsWith('978') || query.startsWith('316') ? 'isbn-book' : 'coded');
  });
});
