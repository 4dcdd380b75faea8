import { ociCharsetOf, readOciPairs } from './oci-charset';

describe('ociCharsetOf', () => {
  it('names UTF-8 and the Latin-1 labels, null for another charset, undefined for none', () => {
    expect(ociCharsetOf('application/x-www-form-urlencoded')).toBeUndefined();
    expect(ociCharsetOf('application/x-www-form-urlencoded; charset=UTF-8')).toBe('utf-8');
    expect(ociCharsetOf('application/x-www-form-urlencoded;charset="ISO-8859-1"')).toBe('latin1');
    expect(ociCharsetOf('application/x-www-form-urlencoded; charset=windows-1252')).toBe('latin1');
    expect(ociCharsetOf('application/x-www-form-urlencoded; charset=utf-16')).toBeNull();
  });
});

describe('readOciPairs', () => {
  it('reads UTF-8 bytes as UTF-8 and others as Latin-1 when no charset is declared', () => {
    expect(readOciPairs('A=%C3%BC&B=%FC&C=a+b', undefined, 'latin1')).toEqual([
      ['A', 'ü'],
      ['B', 'ü'],
      ['C', 'a b'],
    ]);
  });

  it('reads everything as Latin-1 when Latin-1 is declared', () => {
    expect(readOciPairs('A=%C3%BC&B=%E4', 'latin1', 'utf8')).toEqual([
      ['A', 'Ã¼'],
      ['B', 'ä'],
    ]);
  });

  it('keeps a broken escape as written and a value-less name as empty', () => {
    expect(readOciPairs('A=%zz%4&B&&=x', undefined, 'utf8')).toEqual([
      ['A', '%zz%4'],
      ['B', ''],
      ['', 'x'],
    ]);
  });

  it('takes raw bytes of the request line as the bytes they were', () => {
    expect(readOciPairs('A=\u00fc', undefined, 'latin1')).toEqual([['A', 'ü']]);
    expect(readOciPairs('A=\u00c3\u00bc', undefined, 'latin1')).toEqual([['A', 'ü']]);
  });
});
