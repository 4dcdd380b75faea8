import { cartLineKey, newCartKey } from '../../common/cart-line-key';
import type { CartLine } from '../core/cart-line';
import { categoryOf } from '../core/catalog-offer';
import { cut, singleLine } from '../core/line-text';
import { buildOciFields, LONGTEXT_MAX, OCI_LENGTHS } from './oci-fields';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  name: 'Copy paper A4, 80 g, 500 sheets',
  quantity: 5,
  unit: 'RM',
  price: '5.99',
  priceUnit: 1,
  currency: 'EUR',
  leadTimeDays: 2,
  vendorMaterial: 'PP-A4-80',
  manufacturerCode: null,
  manufacturerPartNumber: 'A4-80-500',
  materialGroup: '14111507',
  productId: 'paper-1',
  category: { schema: 'UNSPSC', id: '14111507' },
  vendor: 'Paper Palace',
  condition: 'new',
  features: ['80 g/m²', 'FSC'],
  offerId: 'paper-1-a',
  orderKey: null,
  ...overrides,
});

const asMap = (fields: Array<[string, string]>) => new Map(fields);
const descriptionOf = (name: string) =>
  asMap(buildOciFields([line({ name })])).get('NEW_ITEM-DESCRIPTION[1]') as string;

describe('buildOciFields', () => {
  it('sends nothing for an empty cart', () => {
    expect(buildOciFields([])).toEqual([]);
  });

  it('lists one line in a fixed order with OCI names', () => {
    expect(buildOciFields([line()])).toEqual([
      ['NEW_ITEM-DESCRIPTION[1]', 'Copy paper A4, 80 g, 500 sheets'],
      ['NEW_ITEM-QUANTITY[1]', '5'],
      ['NEW_ITEM-UNIT[1]', 'RM'],
      ['NEW_ITEM-PRICE[1]', '5.99'],
      ['NEW_ITEM-PRICEUNIT[1]', '1'],
      ['NEW_ITEM-CURRENCY[1]', 'EUR'],
      ['NEW_ITEM-LEADTIME[1]', '2'],
      ['NEW_ITEM-VENDORMAT[1]', 'PP-A4-80'],
      ['NEW_ITEM-MANUFACTMAT[1]', 'A4-80-500'],
      ['NEW_ITEM-MATGROUP[1]', '14111507'],
      ['NEW_ITEM-EXT_PRODUCT_ID[1]', 'paper-1'],
      ['NEW_ITEM-EXT_SCHEMA_TYPE[1]', 'UNSPSC'],
      ['NEW_ITEM-EXT_CATEGORY_ID[1]', '14111507'],
      ['NEW_ITEM-CUST_FIELD5[1]', 'paper-1-a'],
      [
        'NEW_ITEM-LONGTEXT_1:132[]',
        'Copy paper A4, 80 g, 500 sheets\r\nVendor: Paper Palace\r\nCondition: new\r\n- 80 g/m²\r\n- FSC',
      ],
    ]);
  });

  it('numbers several lines 1..n without gaps, the long text number inside the name', () => {
    const fields = buildOciFields([
      line(),
      line({ productId: 'b', offerId: 'b-1' }),
      line({ productId: 'c' }),
    ]);
    const numbers = fields
      .map(([name]) => /\[(\d+)\]$|LONGTEXT_(\d+):/.exec(name))
      .map((m) => Number(m?.[1] ?? m?.[2]));
    expect([...new Set(numbers)]).toEqual([1, 2, 3]);
    expect(fields.filter(([name]) => name.startsWith('NEW_ITEM-QUANTITY'))).toHaveLength(3);
    expect(asMap(fields).get('NEW_ITEM-LONGTEXT_3:132[]')).toMatch(/^Copy paper/);
  });

  it("sends DESCRIPTION and LONGTEXT in the session's language, else the other, else the stored name", () => {
    const texts = { de: { name: 'Kopierpapier A4, 80 g' }, en: { name: 'Copy paper A4, 80 g' } };
    const lines = [line({ name: 'stored', texts }), line({ name: 'Stored only', offerId: 'o2' })];
    for (const [language, name] of [
      ['de', 'Kopierpapier A4, 80 g'],
      ['en', 'Copy paper A4, 80 g'],
    ] as const) {
      const fields = asMap(buildOciFields(lines, { language }));
      expect(fields.get('NEW_ITEM-DESCRIPTION[1]')).toBe(name);
      expect(fields.get('NEW_ITEM-LONGTEXT_1:132[]')).toMatch(new RegExp(`^${name}\r\n`));
      expect(fields.get('NEW_ITEM-DESCRIPTION[2]')).toBe('Stored only');
    }
    const german = asMap(buildOciFields([line({ texts: { de: texts.de } })], { language: 'en' }));
    expect(german.get('NEW_ITEM-DESCRIPTION[1]')).toBe('Kopierpapier A4, 80 g');
  });

  it('cuts DESCRIPTION at 40 characters and keeps the full name in LONGTEXT', () => {
    const name = 'Ballpoint pen, blue, box of 10, with an extra long name that goes on';
    const fields = asMap(buildOciFields([line({ name })]));
    // Cut at 40, then the trailing space is trimmed.
    expect(fields.get('NEW_ITEM-DESCRIPTION[1]')).toBe('Ballpoint pen, blue, box of 10, with an');
    expect(fields.get('NEW_ITEM-LONGTEXT_1:132[]')?.split('\r\n')[0]).toBe(name);
  });

  it('counts UTF-16 units (SAP CHAR40), and never splits a character', () => {
    const name = '😀'.repeat(45);
    const description = asMap(buildOciFields([line({ name })])).get('NEW_ITEM-DESCRIPTION[1]') as string;
    expect(description).toBe('😀'.repeat(20));
    expect(cut('ä'.repeat(50), 40)).toBe('ä'.repeat(40));
  });

  it('does not go beyond 40 UTF-16 units when an astral character sits at position 40', () => {
    const description = descriptionOf('a'.repeat(39) + '😀 Kabel');
    expect(description).toBe('a'.repeat(39));
    expect(description.length).toBeLessThanOrEqual(40);
  });

  it('keeps a combining accent with its letter (cuts before the whole grapheme)', () => {
    const description = descriptionOf('a'.repeat(39) + 'e\u0301 und mehr');
    expect(description).toBe('a'.repeat(39));
    expect(descriptionOf('a'.repeat(38) + 'e\u0301 und mehr')).toBe('a'.repeat(38) + 'e\u0301');
  });

  it('never leaves half a flag (a lone regional indicator)', () => {
    const description = descriptionOf('a'.repeat(38) + '🇩🇪 Flagge');
    expect(description).toBe('a'.repeat(38));
    expect(descriptionOf('a'.repeat(36) + '🇩🇪 Flagge')).toBe('a'.repeat(36) + '🇩🇪');
  });

  it('never leaves a dangling zero-width joiner of an emoji sequence', () => {
    const family = '👩\u200d👩\u200d👧';
    const description = descriptionOf('a'.repeat(35) + family + ' Set');
    expect(description).toBe('a'.repeat(35));
    expect(description.endsWith('\u200d')).toBe(false);
  });

  it('trims whitespace left at the end of a cut', () => {
    const description = descriptionOf('a'.repeat(39) + ' bcdef');
    expect(description).toBe('a'.repeat(39));
    expect(cut('abc   def', 5)).toBe('abc');
  });

  it('cuts LONGTEXT the same way (UTF-16 units, graphemes)', () => {
    const text = asMap(buildOciFields([line({ features: Array(300).fill('🇩🇪'.repeat(10)) })])).get(
      'NEW_ITEM-LONGTEXT_1:132[]',
    ) as string;
    expect(text.length).toBeLessThanOrEqual(LONGTEXT_MAX);
    expect(text.replace(/(?:🇩🇪|[^\u{1F1E6}-\u{1F1FF}])/gu, '')).toBe('');
  });

  it("sends the line's key whole as EXT_QUOTE_ID (CHAR 35) and its line number as EXT_QUOTE_ITEM (NUMC 10)", () => {
    const cart = newCartKey();
    const keys = [cartLineKey(cart, 1), cartLineKey(cart, 2)];
    const fields = asMap(
      buildOciFields([line({ orderKey: keys[0] }), line({ orderKey: keys[1], offerId: 'pen-1-a' })]),
    );
    expect(fields.get('NEW_ITEM-EXT_QUOTE_ID[1]')).toBe(keys[0]);
    expect(fields.get('NEW_ITEM-EXT_QUOTE_ITEM[1]')).toBe('1');
    expect(fields.get('NEW_ITEM-EXT_QUOTE_ID[2]')).toBe(keys[1]);
    expect(fields.get('NEW_ITEM-EXT_QUOTE_ITEM[2]')).toBe('2');
    // A line carried over from an earlier cart keeps its key, and so the key's own line number.
    const carried = asMap(buildOciFields([line({ orderKey: cartLineKey(cart, 7) })]));
    expect(carried.get('NEW_ITEM-EXT_QUOTE_ITEM[1]')).toBe('7');
    for (const [name, value] of fields) {
      if (name.startsWith('NEW_ITEM-EXT_QUOTE_ID')) expect(value.length).toBeLessThanOrEqual(35);
      if (name.startsWith('NEW_ITEM-EXT_QUOTE_ITEM')) expect(value).toMatch(/^\d{1,10}$/);
    }
  });

  it('sends no quote fields for a line without a key, or with a text that is not one of our keys', () => {
    for (const orderKey of [null, 'not-a-key', `${'x'.repeat(40)}.1`]) {
      const names = buildOciFields([line({ orderKey })]).map(([name]) => name);
      expect(names.filter((name) => name.includes('EXT_QUOTE'))).toEqual([]);
    }
  });

  it('keeps every field within its OCI length', () => {
    const long = 'X'.repeat(200);
    const fields = buildOciFields([
      line({
        name: long,
        vendorMaterial: long,
        manufacturerPartNumber: long,
        materialGroup: long,
        productId: long,
        offerId: long,
        unit: 'ABCD',
      }),
    ]);
    for (const [name, value] of fields) {
      const key = /^NEW_ITEM-([A-Z_0-9]+)\[/.exec(name)?.[1] as keyof typeof OCI_LENGTHS | undefined;
      if (key && key in OCI_LENGTHS) expect(value.length).toBeLessThanOrEqual(OCI_LENGTHS[key]);
    }
    const names = fields.map(([name]) => name);
    // Identifiers that do not fit are left out rather than cut into something that names another thing.
    expect(names).not.toContain('NEW_ITEM-VENDORMAT[1]');
    expect(names).not.toContain('NEW_ITEM-EXT_PRODUCT_ID[1]');
    // A unit code cut short names another unit: the configured default is sent instead.
    expect(asMap(fields).get('NEW_ITEM-UNIT[1]')).toBe('PCE');
  });

  it('sends the configured default unit for a unit code that is too long or not a code', () => {
    for (const unit of ['ABCD', 'KG ', 'k-g', '', 'Stück']) {
      const fields = asMap(buildOciFields([line({ unit })], { defaultUnit: 'EA' }));
      expect(fields.get('NEW_ITEM-UNIT[1]')).toBe(unit === 'KG ' ? 'KG' : 'EA');
    }
  });

  it('bounds LONGTEXT', () => {
    const text = asMap(buildOciFields([line({ features: Array(200).fill('f'.repeat(100)) })])).get(
      'NEW_ITEM-LONGTEXT_1:132[]',
    );
    expect(text?.length).toBeLessThanOrEqual(LONGTEXT_MAX);
  });

  it('sends the price with a decimal point and the price unit of offers priced per N', () => {
    const fields = asMap(buildOciFields([line({ price: '39.50', priceUnit: 10 })]));
    expect(fields.get('NEW_ITEM-PRICE[1]')).toBe('39.50');
    expect(fields.get('NEW_ITEM-PRICEUNIT[1]')).toBe('10');
  });

  it('leaves out what is unknown: lead time, manufacturer, classification', () => {
    const names = buildOciFields([
      line({
        leadTimeDays: null,
        manufacturerPartNumber: null,
        category: null,
        materialGroup: null,
        vendorMaterial: null,
      }),
    ]).map(([name]) => name);
    for (const field of [
      'LEADTIME',
      'MANUFACTMAT',
      'MATGROUP',
      'EXT_SCHEMA_TYPE',
      'EXT_CATEGORY_ID',
      'VENDORMAT',
    ]) {
      expect(names).not.toContain(`NEW_ITEM-${field}[1]`);
    }
  });

  it('sends a short manufacturer code, and none that would have to be cut', () => {
    expect(asMap(buildOciFields([line({ manufacturerCode: 'LEITZ' })])).get('NEW_ITEM-MANUFACTCODE[1]')).toBe(
      'LEITZ',
    );
    expect(
      asMap(buildOciFields([line({ manufacturerCode: 'Esselte Leitz GmbH' })])).has(
        'NEW_ITEM-MANUFACTCODE[1]',
      ),
    ).toBe(false);
  });

  it("keeps markup and quotes as plain text (escaping is the renderer's job) and removes control characters", () => {
    const name = '"><img src=x onerror=alert(1)> <script>alert("x")</script>';
    const fields = asMap(buildOciFields([line({ name, vendor: "O'Brien & <Sons>\n", features: ['a\tb'] })]));
    expect(fields.get('NEW_ITEM-DESCRIPTION[1]')).toBe(name.slice(0, 40));
    expect(fields.get('NEW_ITEM-LONGTEXT_1:132[]')).toBe(
      `${name}\r\nVendor: O'Brien & <Sons>\r\nCondition: new\r\n- 80 g/m²\r\n- FSC`.replace(
        '- 80 g/m²\r\n- FSC',
        '- a b',
      ),
    );
    expect(singleLine('a\r\nb\u0000c')).toBe('a b c');
  });

  it('makes every line and paragraph separator a single space (U+2028, U+2029, U+0085, VT, FF)', () => {
    expect(singleLine('a\u2028b\u2029c\u0085d\u000be\u000cf')).toBe('a b c d e f');
    expect(singleLine('a\u2028\u2029b')).toBe('a b');
    expect(singleLine('\u2028a\u0085')).toBe('a');
    const fields = asMap(buildOciFields([line({ name: 'Paper\u2028A4', features: ['x\u2029y'] })]));
    expect(fields.get('NEW_ITEM-DESCRIPTION[1]')).toBe('Paper A4');
    expect(fields.get('NEW_ITEM-LONGTEXT_1:132[]')).toContain('- x y');
  });

  it('upper-cases unit and currency codes', () => {
    const fields = asMap(buildOciFields([line({ unit: 'pce', currency: 'eur' })]));
    expect(fields.get('NEW_ITEM-UNIT[1]')).toBe('PCE');
    expect(fields.get('NEW_ITEM-CURRENCY[1]')).toBe('EUR');
  });
});

describe('categoryOf', () => {
  it('prefers UNSPSC, then the product column, then eCl@ss', () => {
    expect(
      categoryOf(
        [
          { type: 'eclass', code: '24-32' },
          { type: 'unspsc', code: '44122003' },
        ],
        null,
      ),
    ).toEqual({ schema: 'UNSPSC', id: '44122003' });
    expect(categoryOf([{ type: 'eclass', code: '24-32-06-01' }], '441220')).toEqual({
      schema: 'UNSPSC',
      id: '441220',
    });
    expect(categoryOf([{ type: 'eclass', code: '24-32-06-01' }], null)).toEqual({
      schema: 'ECLASS',
      id: '24-32-06-01',
    });
    expect(categoryOf('nonsense', null)).toBeNull();
  });
});

describe('OCI VAT fields', () => {
  it('sends the VAT rate as CUST_FIELD1 and in the long text, and leaves both out when unknown', () => {
    const withRate = buildOciFields([line({ vatRate: '19' })]);
    expect(withRate).toContainEqual(['NEW_ITEM-CUST_FIELD1[1]', '19']);
    expect(withRate.find(([name]) => name.startsWith('NEW_ITEM-LONGTEXT_1'))?.[1]).toContain(
      'VAT: 19% (price net)',
    );
    const without = buildOciFields([line({ vatRate: null })]);
    expect(without.some(([name]) => name.startsWith('NEW_ITEM-CUST_FIELD1'))).toBe(false);
  });
});

describe('OCI DESCRIPTION of lines whose names share the first 40 characters', () => {
  const wired = 'Microsoft Tastatur, deutsches Layout, kabelgebunden';
  const wireless = 'Microsoft Tastatur, deutsches Layout, kabellos';
  const descriptions = (lines: CartLine[]) =>
    buildOciFields(lines)
      .filter(([name]) => name.startsWith('NEW_ITEM-DESCRIPTION'))
      .map(([, value]) => value);

  it('shows the word where the names differ, within 40 characters', () => {
    const [a, b] = descriptions([line({ name: wired }), line({ name: wireless, productId: 'k2' })]);
    expect(a).toBe('Microsoft Tastatur… kabelgebunden');
    expect(b).toBe('Microsoft Tastatur… kabellos');
  });

  it('keeps the plain cut for a name no other line shares', () => {
    const other = 'Ballpoint pen, blue, box of 10, with an extra long name that goes on';
    const all = descriptions([line({ name: wired }), line({ name: other }), line({ name: wireless })]);
    expect(all[1]).toBe('Ballpoint pen, blue, box of 10, with an');
    expect(new Set(all).size).toBe(3);
  });

  it('tells every line apart among many near-identical long names, each at most 40 units', () => {
    const names = Array.from(
      { length: 12 },
      (_, i) => `Ordner mit Hebelmechanik, Rückenbreite 80 mm, Karton, Farbe Nummer ${i} ${'x'.repeat(i)}`,
    );
    const all = descriptions(names.map((name) => line({ name })));
    expect(new Set(all).size).toBe(12);
    for (const description of all) expect(description.length).toBeLessThanOrEqual(40);
  });

  it('adds the vendor when two lines carry the same name', () => {
    const all = descriptions([
      line({ name: wired, vendor: 'Büroprofi' }),
      line({ name: wired, vendor: 'Office World' }),
    ]);
    expect(all[0]).toMatch(/\(Büroprofi\)$/);
    expect(all[1]).toMatch(/\(Office World\)$/);
    for (const description of all) expect(description.length).toBeLessThanOrEqual(40);
  });
});

describe('OCI LONGTEXT in the session language', () => {
  const longText = (language: 'en' | 'de') =>
    buildOciFields([line({ vatRate: '5.5', condition: 'used' })], { language }).find(([name]) =>
      name.startsWith('NEW_ITEM-LONGTEXT_1'),
    )?.[1];

  it('labels vendor, condition and VAT in German for a German session', () => {
    expect(longText('de')).toBe(
      'Copy paper A4, 80 g, 500 sheets\r\nLieferant: Paper Palace\r\nZustand: gebraucht\r\nMwSt.: 5,5 % (Preis netto)\r\n- 80 g/m²\r\n- FSC',
    );
  });

  it('labels them in English for an English session', () => {
    expect(longText('en')).toBe(
      'Copy paper A4, 80 g, 500 sheets\r\nVendor: Paper Palace\r\nCondition: used\r\nVAT: 5.5% (price net)\r\n- 80 g/m²\r\n- FSC',
    );
  });
});
