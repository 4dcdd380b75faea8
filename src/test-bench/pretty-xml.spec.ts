import { readXml } from '../common/xml/xml-tree';
import { prettyXml } from './pretty-xml';

const ONE_LINE =
  '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">' +
  '<cXML payloadID="1@x" timestamp="2026-11-29T10:00:00Z"><Message><PunchOutOrderMessage>' +
  '<ItemIn quantity="3"><ItemDetail><UnitPrice><Money currency="EUR">5.99</Money></UnitPrice>' +
  '<Description xml:lang="de">Kopierpapier &amp; Co &lt;A4&gt;<ShortName>Papier</ShortName></Description>' +
  '</ItemDetail></ItemIn></PunchOutOrderMessage></Message></cXML>';

describe('prettyXml', () => {
  it('puts one element per line, indented, after the declaration and DOCTYPE as they came', () => {
    const lines = prettyXml(ONE_LINE).split('\n');
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(lines[1]).toBe('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">');
    expect(lines[2]).toBe('<cXML payloadID="1@x" timestamp="2026-11-29T10:00:00Z">');
    expect(lines).toContain('            <Money currency="EUR">5.99</Money>');
    expect(lines.length).toBeGreaterThan(10);
  });

  it('keeps the content: text escaped again, the same tree when read back', () => {
    const pretty = prettyXml(ONE_LINE);
    expect(pretty).toContain('Kopierpapier &amp; Co &lt;A4&gt;');
    const strip = (xml: string) => {
      const read = readXml(xml);
      if (!read.ok) throw new Error(read.message);
      const walk = (node: unknown): unknown =>
        typeof node === 'string'
          ? node.trim() || null
          : {
              ...(node as object),
              children: (node as { children: unknown[] }).children.map(walk).filter((c) => c !== null),
            };
      return walk(read.root);
    };
    expect(strip(pretty)).toEqual(strip(ONE_LINE));
  });

  it('returns a document it cannot read as it came', () => {
    expect(prettyXml('<cXML><unclosed></cXML>')).toBe('<cXML><unclosed></cXML>');
  });
});
