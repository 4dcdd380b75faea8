import { FACET_IDS } from './search-filters';
import { parseSearchRequest, SEARCH_LIMITS, SearchParamsDto } from './search-request.parser';

type Documented = Record<string, { required: boolean; [key: string]: unknown }>;
const documented = (): Documented => SearchParamsDto._OPENAPI_METADATA_FACTORY() as Documented;

describe('the search parameters: one schema for the document and the validation', () => {
  it('documents pageSize from the object the pipe validates with: its bounds and default are where parsing turns', () => {
    const { pageSize } = documented();
    expect(pageSize).toMatchObject({ required: false, type: 'integer', minimum: 1, default: 24 });
    const max = pageSize.maximum as number;
    expect(max).toBe(SEARCH_LIMITS.maxPageSize);
    const parsed = (value?: string) =>
      parseSearchRequest(value === undefined ? { query: 'a' } : { query: 'a', pageSize: value });
    expect(parsed(String(max))).toMatchObject({ ok: true, request: { pageSize: max } });
    expect(parsed(String(max + 1))).toEqual({ ok: false, message: `pageSize must be between 1 and ${max}` });
    expect(parsed(String(pageSize.minimum as number))).toMatchObject({ ok: true });
    expect(parsed(undefined)).toMatchObject({ ok: true, request: { pageSize: pageSize.default } });
  });

  it('documents query as required and every facet id as an optional repeatable filter whose values it checks', () => {
    const properties = documented();
    expect(properties.query).toMatchObject({
      required: true,
      type: 'string',
      maxLength: SEARCH_LIMITS.maxQueryLength,
    });
    for (const facet of FACET_IDS) {
      expect([facet, properties[facet]]).toMatchObject([
        facet,
        {
          required: false,
          type: 'array',
          maxItems: SEARCH_LIMITS.maxValuesPerFacet,
          style: 'form',
          explode: true,
        },
      ]);
      const items = properties[facet].items as { pattern?: string; enum?: string[] };
      // A value the document rules out is refused by the parser: the pattern or enum is the check itself.
      const outside = items.enum ? 'not-a-listed-value' : '%%%';
      if (items.pattern) expect(new RegExp(items.pattern).test(outside)).toBe(false);
      expect(parseSearchRequest({ query: 'a', [facet]: outside })).toEqual({
        ok: false,
        message: `${facet}: "${outside}" is not a value of this facet`,
      });
    }
    expect(Object.keys(properties)).toEqual(['query', 'page', 'pageSize', 'sort', ...FACET_IDS, 'features']);
  });
});
