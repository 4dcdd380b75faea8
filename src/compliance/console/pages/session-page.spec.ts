import { readableJson } from './session-page';

describe('readable JSON of event payloads', () => {
  it('keeps [name, value] pairs on one line and stays valid JSON', () => {
    const payload = {
      fields: [
        ['NEW_ITEM-DESCRIPTION[1]', 'Pen, "x" [a]'],
        ['B', 1],
      ],
      nested: { empty: [], none: null },
    };
    const text = readableJson(payload);
    expect(text).toContain(
      '  "fields": [\n    ["NEW_ITEM-DESCRIPTION[1]", "Pen, \\"x\\" [a]"],\n    ["B", 1]\n  ]',
    );
    expect(JSON.parse(text)).toEqual(payload);
  });
});
