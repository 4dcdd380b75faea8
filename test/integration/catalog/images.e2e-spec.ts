import { createCatalog } from '../../factories/catalog.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { bodyOf } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

describe('product images (public)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      env: { TRUST_PROXY: 'true', RATE_LIMIT_WINDOW_SECONDS: '60', IMAGES_RATE_LIMIT_PER_ADDRESS: '8' },
    });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
  });
  afterAll(() => t.close());

  // Each test sends from its own address (documentation range, RFC 5737) so limits do not mix.
  const image = (path: string, address: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/images/products/${path}`, { headers: { 'x-forwarded-for': address, ...headers } });

  it('answers an unknown id exactly like a known product without pictures', async () => {
    const known = await image('pen-1/medium.svg', '198.51.100.1');
    const unknown = await image('no-such-product-42/medium.svg', '198.51.100.1');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    const [knownBytes, unknownBytes] = [
      Buffer.from(await known.arrayBuffer()),
      Buffer.from(await unknown.arrayBuffer()),
    ];
    expect(unknownBytes.equals(knownBytes)).toBe(true);
    expect(knownBytes.toString()).toContain('width="500" height="500"');
    for (const header of ['content-type', 'etag', 'cache-control', 'content-length']) {
      expect(unknown.headers.get(header)).toBe(known.headers.get(header));
    }
  });

  it('is cacheable for a year with a strong ETag, and answers a matching If-None-Match with 304', async () => {
    const first = await image('pen-1/small.svg', '198.51.100.2');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.arrayBuffer();

    const revalidated = await image('pen-1/small.svg', '198.51.100.2', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await revalidated.text()).toBe('');

    const stale = await image('pen-1/small.svg', '198.51.100.2', { 'if-none-match': '"something-else"' });
    expect(stale.status).toBe(200);
    // Another size is another representation.
    const large = await image('pen-1/large.svg', '198.51.100.2', { 'if-none-match': etag });
    expect(large.status).toBe(200);
    expect(large.headers.get('etag')).not.toBe(etag);
  });

  it('limits each address (IMAGES_RATE_LIMIT_PER_ADDRESS) with 429 and the rate-limit fields', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await image(`guess-${i}/thumbnail.svg`, '203.0.113.9')).status);
    expect(statuses).toEqual(Array(8).fill(200));
    const limited = await image('pen-1/thumbnail.svg', '203.0.113.9');
    expect(limited.status).toBe(429);
    const retryAfter = limited.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(limited.headers.get('ratelimit-policy')).toBe('"images-address";q=8;w=60');
    expect(limited.headers.get('ratelimit')).toBe(`"images-address";r=0;t=${retryAfter}`);
    expect(await bodyOf(limited)).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
    expect((await image('pen-1/thumbnail.svg', '203.0.113.10')).status).toBe(200);
  });

  it('refuses a malformed id or an unknown size with 400', async () => {
    expect((await image('pen-1/huge.svg', '198.51.100.3')).status).toBe(400);
    expect((await image('pen-1/small.png', '198.51.100.3')).status).toBe(400);
    expect((await image(`${'x'.repeat(300)}/small.svg`, '198.51.100.3')).status).toBe(400);
  });

  describe('drawn pictures', () => {
    const drawn = (path: string, address: string, headers: Record<string, string> = {}) =>
      fetch(`${t.baseUrl}/images/drawn/${path}`, { headers: { 'x-forwarded-for': address, ...headers } });

    it('draws the picture the URL describes, cacheable for a year, 304 on a matching ETag', async () => {
      const first = await drawn('mug/2160b8/front/medium.svg?brand=Kahla', '198.51.100.20');
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(first.headers.get('x-content-type-options')).toBe('nosniff');
      const svg = await first.text();
      expect(svg).toContain('width="500" height="500"');
      expect(svg).toContain('fill="#2160b8"');
      expect(svg).toContain('>Kahla</text>');
      const etag = first.headers.get('etag') as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

      const revalidated = await drawn('mug/2160b8/front/medium.svg?brand=Kahla', '198.51.100.20', {
        'if-none-match': etag,
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect(await revalidated.text()).toBe('');

      // The same URL gives the same bytes; any other part is another picture.
      const again = await drawn('mug/2160b8/front/medium.svg?brand=Kahla', '198.51.100.20');
      expect(await again.text()).toBe(svg);
      for (const other of [
        'mug/2160b8/front/medium.svg?brand=Kahla2',
        'mug/c8362e/front/medium.svg?brand=Kahla',
        'mug/2160b8/angled/medium.svg?brand=Kahla',
        'mug/2160b8/front/large.svg?brand=Kahla',
        'cable/2160b8/front/medium.svg?brand=Kahla',
      ]) {
        const response = await drawn(other, '198.51.100.20', { 'if-none-match': etag });
        expect([other, response.status]).toEqual([other, 200]);
        expect(response.headers.get('etag')).not.toBe(etag);
        await response.arrayBuffer();
      }
    });

    it('prints a brand with markup characters as text', async () => {
      const brand = '<b>Smith & "Sons"</b>';
      const response = await drawn(
        `pen/2b2d31/detail/small.svg?brand=${encodeURIComponent(brand)}`,
        '198.51.100.21',
      );
      expect(response.status).toBe(200);
      const svg = await response.text();
      expect(svg).not.toContain('<b>');
      expect(svg).toContain('&lt;b&gt;Smith &amp; "Sons"&lt;/b&gt;</text>');
    });

    it('refuses an unknown shape, colour, view or size and a bad brand with 400 in the error shape', async () => {
      // Each from its own address: eleven requests are more than the limit of eight.
      for (const [i, path] of [
        'spaceship/2160b8/front/small.svg?brand=Acme',
        'mug/123456/front/small.svg?brand=Acme',
        'mug/2160B8/front/small.svg?brand=Acme',
        'mug/2160b8/top/small.svg?brand=Acme',
        'mug/2160b8/front/huge.svg?brand=Acme',
        'mug/2160b8/front/small.png?brand=Acme',
        'mug/2160b8/front/small.svg',
        'mug/2160b8/front/small.svg?brand=',
        'mug/2160b8/front/small.svg?brand=a&brand=b',
        `mug/2160b8/front/small.svg?brand=${'x'.repeat(41)}`,
        'mug/2160b8/front/small.svg?brand=a%07b',
      ].entries()) {
        const response = await drawn(path, `198.51.100.${40 + i}`);
        expect([path, response.status]).toEqual([path, 400]);
        expect(await bodyOf(response)).toEqual({
          error: 'invalid_request',
          error_description: expect.stringContaining('/images/drawn/'),
        });
      }
    });

    it('counts against the same per-address limit as the other pictures', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++)
        statuses.push((await drawn(`book/243a6b/front/thumbnail.svg?brand=P${i}`, '203.0.113.30')).status);
      expect(statuses).toEqual([...Array(8).fill(200), 429]);
    });
  });
});
