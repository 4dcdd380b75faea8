import { randomBytes } from 'node:crypto';
import { IncomingHttpHeaders, request } from 'node:http';
import { organizationWithTokens, OrganizationTokens } from '../../factories/guidance.factory';
import { startTestApp, TestApp } from '../../support/test-app';

const LIMIT = 5;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Failed bearer authentication is limited per source address (127.0.0.x on loopback are distinct). */
describe('hardening: failed bearer tokens are limited per source address', () => {
  let t: TestApp;
  let org: OrganizationTokens;

  beforeAll(async () => {
    t = await startTestApp({ env: { BEARER_RATE_LIMIT_FAILURES_PER_ADDRESS: String(LIMIT) } });
    org = await organizationWithTokens(t.prisma);
  });
  afterAll(() => t.close());

  /** GET the rule list with `token`, from the local address `from`. */
  function getFrom(from: string, token: string): Promise<Answer> {
    const { hostname, port } = new URL(t.baseUrl);
    return new Promise((resolve, reject) => {
      const sent = request(
        {
          host: hostname,
          port,
          path: '/api/v1/guidance/rules',
          localAddress: from,
          headers: { authorization: `Bearer ${token}` },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      sent.on('error', reject);
      sent.end();
    });
  }
  const randomToken = () => `mpgt_${randomBytes(32).toString('base64url')}`;

  it('answers 401 up to the limit, then 429 rate_limited with Retry-After', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await getFrom('127.0.0.2', randomToken())).status).toBe(401);
    }
    const refused = await getFrom('127.0.0.2', randomToken());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({
      error: 'rate_limited',
      error_description: expect.stringContaining('bearer-failures'),
    });
  });

  it('leaves a valid token from another address unaffected', async () => {
    const answer = await getFrom('127.0.0.3', org.admin);
    expect(answer.status).toBe(200);
  });

  it('does not count successful authentications', async () => {
    for (let i = 0; i < LIMIT + 2; i++) expect((await getFrom('127.0.0.4', org.admin)).status).toBe(200);
    expect((await getFrom('127.0.0.4', randomToken())).status).toBe(401);
  });
});
