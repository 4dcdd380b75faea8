import { CatalogService } from '../../../src/catalog/catalog.service';
import { ASSORTMENT } from '../../../src/catalog/demo/assortment';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { startTestApp, TestApp } from '../../support/test-app';

/** The demo catalog of the first start (seed 1), cut to what a test can write on a busy machine. */
const PRODUCTS = 3_000;
const SEED = 1;
/** What a buyer scrolls through: four pages of 20. */
const SHOWN = 80;

const wordsOf = (texts: string[]) =>
  new Set(texts.flatMap((text) => text.toLowerCase().split(/[^\p{L}]+/u)).filter((word) => word.length >= 4));
const types = ASSORTMENT.flatMap((leaf) => leaf.types);
const brandWords = wordsOf(ASSORTMENT.flatMap((leaf) => leaf.brands));
const englishWords = wordsOf(types.flatMap((type) => [type.en, ...type.variants.map(([en]) => en)]));
const germanWords = wordsOf(types.flatMap((type) => [type.de, ...type.variants.map(([, de]) => de)]));
/** Words of the assortment in one language only (not a brand, not shared: "USB", "Monitor"). */
const only = (mine: Set<string>, theirs: Set<string>) =>
  new Set([...mine].filter((word) => !theirs.has(word) && !brandWords.has(word)));
const GERMAN_ONLY = only(germanWords, englishWords);
const ENGLISH_ONLY = only(englishWords, germanWords);

describe('the demo catalog in both languages', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(CatalogService).generateDemo({ products: PRODUCTS, seed: SEED });
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    token = await issueTestToken(t.prisma, await createUser(t.prisma, organization), client);
    // Writing a few thousand products on a busy 2-core machine takes a while.
  }, 240_000);
  afterAll(() => t.close());

  async function names(query: string, language: 'en' | 'de'): Promise<string[]> {
    const found: string[] = [];
    for (let page = 1; found.length < SHOWN; page++) {
      const params = new URLSearchParams({ query, page: String(page), pageSize: '20' });
      const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?${params}`, {
        headers: { ...bearer(token), 'accept-language': language },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: Array<{ name: string }> };
      found.push(...body.data.map((hit) => hit.name));
      if (body.data.length < 20) break;
    }
    return found.slice(0, SHOWN);
  }

  const strayWords = (name: string, foreign: Set<string>) =>
    [...wordsOf([name])].filter((word) => foreign.has(word));

  it('knows words of each language to look for (the check itself can fail)', () => {
    for (const word of ['tastatur', 'kabelgebunden', 'kabellos']) expect(GERMAN_ONLY).toContain(word);
    for (const word of ['keyboard', 'wired', 'wireless']) expect(ENGLISH_ONLY).toContain(word);
    expect(strayWords('Logitech Tastatur, deutsches Layout, kabellos, LO-1234', GERMAN_ONLY)).toEqual([
      'tastatur',
      'deutsches',
      'kabellos',
    ]);
  });

  it('an English "keyboard" search names every one of its first results in English', async () => {
    const english = await names('keyboard', 'en');
    expect(english.length).toBeGreaterThanOrEqual(40);
    expect(
      english.map((name) => [name, strayWords(name, GERMAN_ONLY)]).filter(([, w]) => w.length > 0),
    ).toEqual([]);
  });

  it('a German "tastatur" search names every one of its first results in German', async () => {
    const german = await names('tastatur', 'de');
    expect(german.length).toBeGreaterThanOrEqual(40);
    expect(
      german.map((name) => [name, strayWords(name, ENGLISH_ONLY)]).filter(([, w]) => w.length > 0),
    ).toEqual([]);
  });

  it("names the README's example product in the reader's language", async () => {
    const read = async (language: string) => {
      const response = await fetch(`${t.baseUrl}/api/v1/marketplace/product/demo-1-18m`, {
        headers: { ...bearer(token), 'accept-language': language },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { name: string }).name;
    };
    const [english, german] = [await read('en'), await read('de')];
    expect(english).not.toEqual(german);
    expect(strayWords(english, GERMAN_ONLY)).toEqual([]);
    expect(strayWords(german, ENGLISH_ONLY)).toEqual([]);
  });
});
