import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectCatalogFormat } from './catalog-format.detector';

const examples = join(__dirname, '..', '..', '..', 'docs', 'examples');

describe('detectCatalogFormat', () => {
  it.each<[string, string | Buffer, string | null]>([
    [
      'BMEcat with a declaration, a comment and a DOCTYPE',
      '<?xml version="1.0"?>\n<!-- exported -->\n<!DOCTYPE BMECAT SYSTEM "bmecat_2005.dtd">\n<BMECAT version="2005">',
      'bmecat',
    ],
    [
      'BMEcat with a namespace prefix',
      '<bme:BMECAT xmlns:bme="http://www.bmecat.org/bmecat/2005.1">',
      'bmecat',
    ],
    [
      'BMEcat in UTF-16 with its mark',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('<?xml version="1.0" encoding="UTF-16"?><BMECAT>', 'utf16le'),
      ]),
      'bmecat',
    ],
    [
      'a cXML Index with its DOCTYPE',
      '<?xml version="1.0"?>\n<!DOCTYPE Index SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">\n<Index loadmode="Full">',
      'cxml-index',
    ],
    ['a cXML Index without a DOCTYPE', '<Index>', 'cxml-index'],
    ['CIF 3.0', 'CIF_I_V3.0\r\nLOADMODE: F\r\n', 'cif'],
    ['CIF after a UTF-8 byte-order mark', Buffer.from('\uFEFFCIF_I_V3.0\nCHARSET: 8859_1\n'), 'cif'],
    ['JSONL', '{"productCode":"A-1","name":"Stapler"}\n', 'jsonl'],
    ['JSONL after a byte-order mark and spaces', '\uFEFF  {"productCode":"A-1"}', 'jsonl'],
    ['the gateway CSV', 'productCode,name,category,vendor,price\nA-1,Stapler,desk,V,1\n', 'csv'],
    ['an unrelated XML document', '<?xml version="1.0"?><html><body/></html>', null],
    ['plain text', 'hello world\n', null],
  ])('%s', (_, head, format) => {
    expect(detectCatalogFormat(typeof head === 'string' ? Buffer.from(head) : head)).toBe(format);
  });

  it("recognizes the project's own JSONL and CSV examples", () => {
    expect(detectCatalogFormat(readFileSync(join(examples, 'catalog.jsonl')))).toBe('jsonl');
    expect(detectCatalogFormat(readFileSync(join(examples, 'catalog.csv')))).toBe('csv');
  });
});
