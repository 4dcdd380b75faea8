import { FACET_IDS, isValidFacetValue } from '../search-filters';
import { FACET_VALUE_SCHEMAS } from './search-request.params';

/** What the documented schema of a facet value accepts (the pattern or the enum). */
function documentedAccepts(facet: (typeof FACET_IDS)[number], value: string): boolean {
  const schema = FACET_VALUE_SCHEMAS[facet];
  if (schema.enum) return (schema.enum as string[]).includes(value);
  return new RegExp(schema.pattern as string).test(value);
}

const SAMPLES = [
  'office-supplies',
  'Office',
  '0-10',
  '10-',
  '10-5',
  '-10',
  'in_stock',
  'IN_STOCK',
  '1',
  '5',
  '6',
  '60',
  '61',
  '0',
  'true',
  'false',
  'new',
  'refurbished',
  'acme-pens',
  '',
  'a b',
  '%00',
];

describe('documented facet filter values', () => {
  it.each(FACET_IDS)('%s: the OpenAPI schema accepts what the parser accepts', (facet) => {
    for (const value of SAMPLES) {
      // One rule the schema cannot express: a price range's upper bound above its lower (the
      // parameter description says so); everything else must agree exactly.
      if (facet === 'price' && value === '10-5') continue;
      expect([value, documentedAccepts(facet, value)]).toEqual([value, isValidFacetValue(facet, value)]);
    }
  });

  it('documents every facet', () => {
    expect(Object.keys(FACET_VALUE_SCHEMAS).sort()).toEqual([...FACET_IDS].sort());
  });
});
