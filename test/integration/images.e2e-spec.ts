import { createCatalog } from '../factories/catalog.factory';
import { PUNCHOUT_CATALOG } from '../factories/punchout.factory';
import { bodyOf } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

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
});
