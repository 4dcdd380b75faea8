import { validateProductRecord } from './product-record.validator';

const known = new Set(['desk']);
const base = {
  productCode: 'A-1',
  name: 'Stapler',
  category: 'desk',
  offers: [{ vendor: 'V', price: '1.00', currency: 'EUR' }],
};
const errorsOf = (raw: unknown) => {
  const result = validateProductRecord(raw, known);
  return result.ok ? [] : result.errors;
};

describe('validateProductRecord', () => {
  it('accepts a minimal record and fills the documented defaults', () => {
    const result = validateProductRecord(base, known);
    expect(result).toMatchObject({
      ok: true,
      product: {
        id: 'A-1',
        categoryId: 'desk',
        cpfEligible: false,
        offers: [
          { price: '1.00', condition: 'new', availability: 'in_stock', unit: 'PCE', priceUnitQuantity: 1 },
        ],
      },
    });
  });

  it('reads CSV text as numbers and booleans, and trims text', () => {
    const result = validateProductRecord(
      {
        ...base,
        name: '  Stapler  ',
        starRating: '4.5',
        cpfEligible: 'true',
        offers: [
          {
            vendor: 'V',
            price: 12.5,
            currency: 'EUR',
            quantityMin: '5',
            isPrime: 'false',
            deliveryDays: '3',
          },
        ],
      },
      known,
    );
    expect(result).toMatchObject({
      ok: true,
      product: {
        name: 'Stapler',
        starRating: 4.5,
        cpfEligible: true,
        offers: [{ price: '12.5', quantityMin: 5, isPrime: false, deliveryDays: 3 }],
      },
    });
  });

  it('names each problem by its path, one message per field', () => {
    expect(
      errorsOf({ ...base, name: '', offers: [{ vendor: 'V', price: '-1', currency: 'eur', foo: 1 }] }),
    ).toEqual([
      'name: is required',
      'offers[0].price: a non-negative amount with at most 4 decimals, e.g. 12.50',
      'offers[0].currency: three upper-case letters (ISO 4217)',
      'offers[0].foo: is not a field of the import schema',
    ]);
  });

  it('refuses unknown categories, missing offers, duplicate offer ids and min above max', () => {
    expect(errorsOf({ ...base, category: 'nowhere' })).toEqual(['category: unknown category "nowhere"']);
    expect(errorsOf({ ...base, offers: [] })).toEqual(['offers: at least one offer is required']);
    expect(errorsOf({ ...base, offers: 'x' })).toEqual(['offers: must be an array']);
    expect(errorsOf({ ...base, offers: [1] })).toEqual(['offers[0]: must be an object']);
    const twice = { id: 'o1', vendor: 'V', price: '1', currency: 'EUR' };
    expect(errorsOf({ ...base, offers: [twice, twice] })).toEqual(['offers: offer ids must be unique']);
    expect(
      errorsOf({
        ...base,
        offers: [{ vendor: 'V', price: '1', currency: 'EUR', quantityMin: 5, quantityMax: 2 }],
      }),
    ).toEqual(['offers[0].quantityMax: must not be below quantityMin']);
  });

  it('refuses control characters, impossible dates and non-objects', () => {
    expect(errorsOf({ ...base, name: 'a\u0001b' })).toEqual(['name: contains control characters']);
    expect(errorsOf({ ...base, book: { publicationDate: '2020-02-30' } })).toEqual([
      'book.publicationDate: a date YYYY-MM-DD',
    ]);
    expect(errorsOf([])).toEqual(['the record must be a JSON object']);
  });
});
