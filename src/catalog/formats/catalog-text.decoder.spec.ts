import { readCatalog } from '../../../test/support/catalog-samples';
import { BmecatReader } from './bmecat/bmecat.reader';
import { decodeCatalogText, encodingForCharset, peekHead } from './catalog-text.decoder';
import { xmlDeclaredEncoding } from './catalog-xml';
import { CatalogFileError } from './supplier-item';

/** A small BMEcat with German text and a euro sign, its XML declaration saying `encoding`. */
function document(encoding: string | null): string {
  const declaration =
    encoding === null ? '<?xml version="1.0"?>' : `<?xml version="1.0" encoding="${encoding}"?>`;
  return `${declaration}
<BMECAT version="2005"><HEADER><CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>K</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION><CURRENCY>EUR</CURRENCY></CATALOG></HEADER>
<T_NEW_CATALOG><PRODUCT><SUPPLIER_PID>Ö-1</SUPPLIER_PID><PRODUCT_DETAILS>
<DESCRIPTION_SHORT>Bürostuhl „Ergo“ – 5 € Rabatt</DESCRIPTION_SHORT></PRODUCT_DETAILS>
<PRODUCT_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT></PRODUCT_ORDER_DETAILS>
<PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>199</PRICE_AMOUNT></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS></PRODUCT></T_NEW_CATALOG></BMECAT>`;
}
const NAME = 'Bürostuhl „Ergo“ – 5 € Rabatt';

const WINDOWS_1252: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93, '–': 0x96 };
/** The text in Windows-1252 (what files labelled ISO-8859-1 really contain). */
function windows1252(text: string): Buffer {
  return Buffer.from([...text].map((c) => WINDOWS_1252[c] ?? c.charCodeAt(0)));
}
const BOM_UTF8 = Buffer.from([0xef, 0xbb, 0xbf]);
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

const reader = new BmecatReader();
async function nameRead(bytes: Buffer, chunkSize?: number) {
  const read = await readCatalog(reader, bytes, chunkSize);
  if (read.error) throw read.error;
  return {
    name: read.items[0]?.name.de,
    supplierPartId: read.items[0]?.supplierPartId,
    warnings: read.warnings,
  };
}

describe('catalog text decoding', () => {
  it.each<[string, Buffer]>([
    ['UTF-8 without a byte-order mark', Buffer.from(document('UTF-8'))],
    ['UTF-8 without a declaration', Buffer.from(document(null))],
    ['UTF-8 with a byte-order mark', Buffer.concat([BOM_UTF8, Buffer.from(document('UTF-8'))])],
    [
      'UTF-16 LE with its mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(document('UTF-16'), 'utf16le')]),
    ],
    ['UTF-16 BE with its mark', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(document('UTF-16'))])],
    ['UTF-16 LE without a mark', Buffer.from(document('UTF-16'), 'utf16le')],
    ['ISO-8859-1 (read as Windows-1252)', windows1252(document('ISO-8859-1'))],
    ['windows-1252', windows1252(document('windows-1252'))],
  ])('reads %s', async (_, bytes) => {
    // Three-byte chunks split multi-byte characters and UTF-16 code units between chunks.
    expect(await nameRead(bytes, 3)).toEqual({ name: NAME, supplierPartId: 'Ö-1', warnings: [] });
  });

  it('lets a byte-order mark win over a declaration that contradicts it, with a warning', async () => {
    const read = await nameRead(Buffer.concat([BOM_UTF8, Buffer.from(document('ISO-8859-1'))]));
    expect(read.name).toBe(NAME);
    expect(read.warnings).toEqual([
      {
        kind: 'charset-mismatch',
        message: 'the file declares ISO-8859-1 but starts with a byte-order mark of utf-8: read as utf-8',
        line: 1,
      },
    ]);
  });

  it('reads a declaration of UTF-16 on ASCII-compatible bytes as UTF-8, with a warning', async () => {
    const read = await nameRead(Buffer.from(document('UTF-16')));
    expect(read.name).toBe(NAME);
    expect(read.warnings.map((w) => w.kind)).toEqual(['charset-mismatch']);
  });

  it('refuses bytes that are not valid UTF-8, naming the line, instead of importing replacement characters', async () => {
    const latin1WithoutDeclaration = windows1252(document(null));
    const message = 'line 3: the file is not valid UTF-8: save it as UTF-8 or declare its character set';
    expect((await readCatalog(reader, latin1WithoutDeclaration)).error?.message).toBe(message);
    expect((await readCatalog(reader, latin1WithoutDeclaration, 7)).error?.message).toBe(message);
  });

  it('refuses an unknown character set and UTF-32', async () => {
    expect((await readCatalog(reader, Buffer.from(document('x-klingon')))).error?.message).toBe(
      'unknown character set "x-klingon": save the file as UTF-8',
    );
    const utf32 = Buffer.from([0xff, 0xfe, 0, 0, 0x3c, 0, 0, 0]);
    expect((await readCatalog(reader, utf32)).error?.message).toBe(
      'the file is UTF-32 (by its byte-order mark): save it as UTF-8',
    );
  });

  it('maps the charset names files use (Java names from CIF, standard labels) to one encoding', () => {
    expect(
      ['8859_1', 'ISO8859_1', 'ISO-8859-1', 'latin1', 'Cp1252', 'windows-1252'].map(encodingForCharset),
    ).toEqual(Array(6).fill('windows-1252'));
    expect(['UTF-8', 'UTF8', 'utf-8'].map(encodingForCharset)).toEqual(['utf-8', 'utf-8', 'utf-8']);
    expect(encodingForCharset('8859_15')).toBe('iso-8859-15');
    expect(encodingForCharset('UTF-16')).toBe('utf-16le');
    expect(() => encodingForCharset('EBCDIC-42')).toThrow(CatalogFileError);
  });

  it('peekHead returns the first bytes and then the whole stream again, unchanged', async () => {
    async function* chunks() {
      for (let i = 0; i < 10; i++) yield Buffer.alloc(1000, i);
    }
    const { head, input } = await peekHead(chunks(), 2_500);
    expect(head.length).toBe(2_500);
    const all: Buffer[] = [];
    for await (const chunk of input) all.push(chunk);
    expect(Buffer.concat(all)).toEqual(
      Buffer.concat(Array.from({ length: 10 }, (_, i) => Buffer.alloc(1000, i))),
    );
  });

  it('decodes with the declaration the format finds in the head', async () => {
    async function* bytes() {
      yield windows1252('<?xml version="1.0" encoding="ISO-8859-1"?><a>5 €</a>');
    }
    const text = await decodeCatalogText(bytes(), xmlDeclaredEncoding);
    const parts: string[] = [];
    for await (const part of text.chunks) parts.push(part);
    expect([text.encoding, parts.join('')]).toEqual([
      'windows-1252',
      '<?xml version="1.0" encoding="ISO-8859-1"?><a>5 €</a>',
    ]);
  });
});
