import {
  DEFAULT_XML_STREAM_LIMITS,
  readXmlStream,
  XmlRoute,
  XmlStreamError,
  XmlStreamEvent,
} from './xml-stream';
import { childrenNamed, textOf } from './xml-tree';

async function* chunksOf(text: string, size = text.length || 1): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

/** Root and CATALOG are descended into, ITEM is a record, everything else outside records is skipped. */
const catalogRoute = (name: string): XmlRoute =>
  name === 'ITEM' ? 'record' : name === 'ROOT' || name === 'CATALOG' ? 'descend' : 'skip';

async function events(
  text: string,
  options: { size?: number; limits?: Partial<typeof DEFAULT_XML_STREAM_LIMITS> } = {},
): Promise<XmlStreamEvent[]> {
  const out: XmlStreamEvent[] = [];
  const limits = { ...DEFAULT_XML_STREAM_LIMITS, ...options.limits };
  for await (const event of readXmlStream(chunksOf(text, options.size), catalogRoute, limits))
    out.push(event);
  return out;
}

async function failure(
  text: string,
  limits: Partial<typeof DEFAULT_XML_STREAM_LIMITS> = {},
): Promise<XmlStreamError> {
  try {
    await events(text, { limits });
  } catch (error) {
    if (error instanceof XmlStreamError) return error;
    throw error;
  }
  throw new Error('the document was accepted');
}

const records = (list: XmlStreamEvent[]) => list.flatMap((e) => (e.type === 'record' ? [e] : []));

const DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE ROOT SYSTEM "catalog.dtd">
<bme:ROOT xmlns:bme="urn:example" version="2">
  <HEADER><NAME>skipped entirely</NAME></HEADER>
  <CATALOG mode="full">
    <ITEM id="1"><NAME xml:lang="en">Stapler &amp; staples</NAME><PRICE>1.50</PRICE></ITEM>
    <!-- a comment between records -->
    <bme:ITEM id="2"><NAME><![CDATA[Punch <2 holes>]]></NAME></bme:ITEM>
  </CATALOG>
</bme:ROOT>`;

describe('readXmlStream', () => {
  it('yields the doctype, the elements it descends into and each record as a small tree, with lines', async () => {
    const list = await events(DOCUMENT);
    expect(
      list.map((e) =>
        e.type === 'record'
          ? `record ${e.element.attributes.id} @${e.line}`
          : e.type === 'doctype'
            ? 'doctype'
            : `${e.type} ${e.name}`,
      ),
    ).toEqual([
      'doctype',
      'open ROOT',
      'open CATALOG',
      'record 1 @6',
      'record 2 @8',
      'close CATALOG',
      'close ROOT',
    ]);
    const [first, second] = records(list);
    expect(first.element.name).toBe('ITEM');
    expect(textOf(childrenNamed(first.element, 'NAME')[0])).toBe('Stapler & staples');
    expect(childrenNamed(first.element, 'NAME')[0].attributes).toEqual({ 'xml:lang': 'en' });
    expect(textOf(childrenNamed(second.element, 'NAME')[0])).toBe('Punch <2 holes>');
    expect(first.truncated).toBeNull();
    expect(list[1]).toMatchObject({ type: 'open', attributes: { version: '2' } });
  });

  it('reads the same events whatever the chunk boundaries (one character at a time)', async () => {
    expect(await events(DOCUMENT, { size: 1 })).toEqual(await events(DOCUMENT));
  });

  it('accepts an external DOCTYPE SYSTEM and never asks for it', async () => {
    const list = await events('<!DOCTYPE ROOT SYSTEM "http://127.0.0.1:1/never.dtd"><ROOT><ITEM/></ROOT>');
    expect(list[0]).toEqual({ type: 'doctype', text: ' ROOT SYSTEM "http://127.0.0.1:1/never.dtd"' });
    expect(records(list)).toHaveLength(1);
  });

  describe('refuses hostile documents with the line and column', () => {
    it('billion laughs: the internal subset is refused before any entity is declared', async () => {
      const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<ROOT><ITEM>&lol3;</ITEM></ROOT>`;
      const error = await failure(laughs);
      expect(error.message).toBe('a DOCTYPE with an internal subset (entity declarations) is not accepted');
      expect(error.line).toBe(6);
    });

    it('an external entity (XXE) in an internal subset', async () => {
      const error = await failure(
        '<!DOCTYPE ROOT [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><ROOT><ITEM>&xxe;</ITEM></ROOT>',
      );
      expect(error.message).toMatch(/internal subset/);
    });

    it('a reference to an undeclared entity', async () => {
      const error = await failure('<ROOT>\n<ITEM>&xxe;</ITEM></ROOT>');
      expect(error.message).toMatch(/^an entity reference other than/);
      expect([error.line, error.column]).toEqual([2, 12]);
    });

    it('nesting deeper than the limit', async () => {
      const error = await failure(`<ROOT>${'<a>'.repeat(70)}${'</a>'.repeat(70)}</ROOT>`);
      expect(error.message).toBe('elements nested deeper than 64 levels');
    });

    it('a text, an attribute value or a comment longer than the token limit, before holding it whole', async () => {
      const limits = { maxTokenLength: 100_000 };
      const huge = 'x'.repeat(300_000);
      expect((await failure(`<ROOT><ITEM>${huge}</ITEM></ROOT>`, limits)).message).toMatch(
        /longer than 100000 characters/,
      );
      expect((await failure(`<ROOT><ITEM a="${huge}"/></ROOT>`, limits)).message).toMatch(
        /longer than 100000/,
      );
      expect((await failure(`<ROOT><!--${'<>'.repeat(150_000)}--></ROOT>`, limits)).message).toMatch(
        /longer than 100000/,
      );
      expect(
        (await failure(`<ROOT><ITEM><![CDATA[${'<'.repeat(300_000)}]]></ITEM></ROOT>`, limits)).message,
      ).toMatch(/longer than 100000/);
    });

    it('more attributes than the limit on one element', async () => {
      const attributes = Array.from({ length: 300 }, (_, i) => `a${i}="1"`).join(' ');
      expect((await failure(`<ROOT><ITEM ${attributes}/></ROOT>`)).message).toBe(
        'more than 256 attributes on <ITEM>',
      );
    });
  });

  describe('refuses broken documents with the line and column', () => {
    it('a truncated document', async () => {
      const error = await failure('<ROOT>\n  <CATALOG>\n    <ITEM><NAME>Stap');
      expect(error.message).toBe('the document ends inside <NAME>: the file is truncated or malformed');
      expect(error.line).toBe(3);
    });

    it('mismatched tags', async () => {
      const error = await failure('<ROOT>\n<ITEM><NAME></ITEM>\n</ROOT>');
      expect(error.message).toMatch(/^not well-formed XML: /);
      expect(error.line).toBe(2);
    });

    it('no XML at all', async () => {
      expect((await failure('')).message).toBe('no XML root element: the file is empty or not XML');
      expect((await failure('productCode,name\n')).message).toMatch(/^not well-formed XML: /);
    });
  });

  describe('bounds a record without refusing the document', () => {
    it('keeps the first children of one name and counts the skipped, keeping what follows them', async () => {
      const features = Array.from({ length: 20 }, (_, i) => `<F><N>f${i}</N></F>`).join('');
      const list = await events(`<ROOT><ITEM><FS>${features}</FS><PRICE>9.99</PRICE></ITEM></ROOT>`, {
        limits: { maxRepeatedChildren: 5 },
      });
      const [item] = records(list);
      expect(childrenNamed(childrenNamed(item.element, 'FS')[0], 'F')).toHaveLength(5);
      expect(textOf(childrenNamed(item.element, 'PRICE')[0])).toBe('9.99');
      expect(item.truncated).toEqual({ elements: { F: 15 }, textCharacters: 0 });
    });

    it('caps the elements and the text of one record', async () => {
      const list = await events(
        `<ROOT><ITEM>${'<A>x</A><B>y</B>'.repeat(10)}</ITEM><ITEM><A>${'z'.repeat(50)}</A></ITEM></ROOT>`,
        {
          limits: { maxRecordElements: 6, maxRecordText: 40 },
        },
      );
      const [many, long] = records(list);
      expect(many.element.children).toHaveLength(5);
      expect(many.truncated).toEqual({ elements: { A: 7, B: 8 }, textCharacters: 0 });
      expect(long.truncated).toEqual({ elements: {}, textCharacters: 50 });
    });

    it('holds one record at a time: 100,000 children of one name stay within the limit', async () => {
      const many = '<F><N>name</N><V>value</V></F>'.repeat(100_000);
      const list = await events(`<ROOT><ITEM>${many}<PRICE>1</PRICE></ITEM></ROOT>`, { size: 65_536 });
      const [item] = records(list);
      expect(childrenNamed(item.element, 'F')).toHaveLength(DEFAULT_XML_STREAM_LIMITS.maxRepeatedChildren);
      expect(item.truncated?.elements).toEqual({ F: 95_000 });
      expect(textOf(childrenNamed(item.element, 'PRICE')[0])).toBe('1');
    });
  });
});
