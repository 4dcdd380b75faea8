import { normalizeOrigin } from './callback-origin';

describe('normalizeOrigin', () => {
  it.each([
    ['https://srm.example.com', 'https://srm.example.com'],
    ['HTTPS://SRM.Example.COM', 'https://srm.example.com'],
    ['https://srm.example.com:443', 'https://srm.example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['https://srm.example.com/', 'https://srm.example.com'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['http://10.0.0.1', 'http://10.0.0.1'],
  ])('accepts %s as %s', (raw, origin) => {
    expect(normalizeOrigin(raw)).toEqual({ ok: true, origin });
  });

  it.each([
    '',
    'srm.example.com',
    'ftp://srm.example.com',
    'https://srm.example.com/sap',
    'https://srm.example.com?x=1',
    'https://srm.example.com#x',
    'https://user:pw@srm.example.com',
    'https://srm .example.com',
    'https://srm.example.com\u200b',
    'https://*.example.com',
    'https://x;frame-ancestors',
    `https://${'a'.repeat(300)}.example`,
  ])('refuses %j, saying what an origin looks like', (raw) => {
    const checked = normalizeOrigin(raw);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(/scheme:\/\/host\[:port\]/);
  });
});
