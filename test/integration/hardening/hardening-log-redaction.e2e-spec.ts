import { loadConfig } from '../../../src/config/app-config';
import { PrismaService } from '../../../src/database/prisma.service';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { gatewayEnv, GatewayProcess, startGateway, stopAll } from '../../support/gateway-process';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

/** `text` with its character at `index` percent-encoded (upper- or lower-case hex). */
function encodedAt(text: string, index: number, lowerHex: boolean): string {
  const hex = text.charCodeAt(index).toString(16).padStart(2, '0');
  return `${text.slice(0, index)}%${lowerHex ? hex : hex.toUpperCase()}${text.slice(index + 1)}`;
}

/**
 * Secrets in paths are masked in the logs however the path is encoded: the logger decodes a path
 * the way the router does before it matches secrets. A real gateway process at LOG_LEVEL=info; its
 * output is grepped for the secrets' random parts.
 */
describe('hardening: secrets in percent-encoded paths stay out of the logs', () => {
  let database: TestDatabase;
  let prisma: PrismaService;
  let token: string;
  let gateway: GatewayProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    prisma = new PrismaService(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }));
    await createCatalog(prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(prisma);
    const { client } = await createClient(prisma, organization);
    token = await issueTestToken(prisma, await createUser(prisma, organization), client, {
      expiresInSeconds: 3_600,
    });
    gateway = await startGateway(gatewayEnv(database.url, { MIGRATE_ON_START: 'false' }));
  }, 120_000);
  afterAll(async () => {
    await stopAll(gateway ? [gateway] : []);
    await prisma.onModuleDestroy();
    await database.drop();
  });

  /** A fresh start token (pst_...) of a new punchout session. */
  async function newStartToken(): Promise<string> {
    const started = await startPunchout(gateway.baseUrl, token, 'paper-1', {
      callbackUrl: 'https://srm.example.com/hook',
    });
    expect(started.status).toBe(201);
    return /\/punchout\/start\/(pst_[A-Za-z0-9_-]{43})$/.exec(started.body.redirectUrl as string)![1];
  }

  const get = (path: string) => fetch(`${gateway.baseUrl}${path}`, { redirect: 'manual' });
  /** Waits until the gateway has logged the request with this id (the line comes after the answer). */
  const loggedRequest = (requestId: string) => gateway.run.waitFor(new RegExp(`"id":"${requestId}"`), 5_000);

  const encodings = [0, 1, 2, 3].flatMap((index) => [
    { index, lowerHex: true },
    { index, lowerHex: false },
  ]);

  it.each(encodings)(
    'a start token with prefix character $index encoded (lower-case hex: $lowerHex) opens the session, masked in the log',
    async ({ index, lowerHex }) => {
      const startToken = await newStartToken();
      const response = await get(`/punchout/start/${encodedAt(startToken, index, lowerHex)}`);
      expect(response.status).toBe(303);
      await loggedRequest(response.headers.get('x-request-id')!);
      const sessionKey = /\/punchout\/s\/(psk_[A-Za-z0-9_-]{43})/.exec(response.headers.get('location')!)![1];

      for (const rest of ['', '/cart', '/search?query=paper', '/product/paper-1']) {
        const page = await get(`/punchout/s/${encodedAt(sessionKey, index, lowerHex)}${rest}`);
        expect({ rest, status: page.status }).toEqual({ rest, status: 200 });
        await page.text();
        await loggedRequest(page.headers.get('x-request-id')!);
      }
      const output = gateway.run.output();
      expect(output).not.toContain(startToken.slice(4));
      expect(output).not.toContain(sessionKey.slice(4));
      expect(output).toMatch(/"url":"\/punchout\/start\/pst_\[REDACTED\]"/);
      expect(output).toMatch(/"url":"\/punchout\/s\/psk_\[REDACTED\]\/cart"/);
    },
    30_000,
  );

  it('masks a double-encoded secret too (the router answers it with 404)', async () => {
    const startToken = await newStartToken();
    const response = await get(`/punchout/start/%2570${startToken.slice(1)}`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    await loggedRequest(response.headers.get('x-request-id')!);
    expect(gateway.run.output()).not.toContain(startToken.slice(4));
  });
});
