import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, PUNCHOUT_CATALOG, startPunchout } from '../../factories/punchout.factory';
import { issueTestToken } from '../../support/auth';
import { getPage } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?~TARGET=_top';

/** The punchout pages may be framed by the session's own procurement system only, unless widened. */
describe.each([
  { widen: undefined, expected: 'https://srm.example.com https://portal.example.com', none: "'none'" },
  {
    widen: 'https://coupa.example.com',
    expected: 'https://srm.example.com https://portal.example.com https://coupa.example.com',
    none: 'https://coupa.example.com',
  },
  { widen: '*', expected: '*', none: '*' },
])('hardening: frame-ancestors (PUNCHOUT_FRAME_ANCESTORS=$widen)', ({ widen, expected, none }) => {
  let t: TestApp;
  let token: string;
  let plainToken: string;

  beforeAll(async () => {
    t = await startTestApp({ env: widen === undefined ? {} : { PUNCHOUT_FRAME_ANCESTORS: widen } });
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const user = await createUser(t.prisma, organization);
    const { client } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://srm.example.com', 'https://portal.example.com'],
    });
    token = await issueTestToken(t.prisma, user, client);
    const { client: plain } = await createClient(t.prisma, organization);
    plainToken = await issueTestToken(t.prisma, user, plain);
  });
  afterAll(() => t.close());

  const frameAncestorsOf = (csp: string | null) => /frame-ancestors ([^;]*)/.exec(csp ?? '')?.[1];

  async function sessionPage(bearerToken: string): Promise<string | null> {
    const { body } = await startPunchout(t.baseUrl, bearerToken, 'pen-1', { callbackUrl: HOOK });
    const start = await getPage(onTestApp(body.redirectUrl, t.baseUrl));
    expect(start.status).toBe(303);
    const page = await getPage(`${t.baseUrl}${start.location}`);
    expect(page.status).toBe(200);
    return page.headers.get('content-security-policy');
  }

  it("a session's pages: its HOOK_URL's origin and its client's allowed origins", async () => {
    expect(frameAncestorsOf(await sessionPage(token))).toBe(expected);
  });

  it('a client without allowed origins: the HOOK_URL origin alone', async () => {
    const alone = widen === '*' ? '*' : ['https://srm.example.com', ...(widen ? [widen] : [])].join(' ');
    expect(frameAncestorsOf(await sessionPage(plainToken))).toBe(alone);
  });

  it('a page of no session (an unknown key)', async () => {
    const page = await getPage(`${t.baseUrl}/punchout/s/psk_${'Z'.repeat(43)}`);
    expect(page.status).toBe(404);
    expect(frameAncestorsOf(page.headers.get('content-security-policy'))).toBe(none);
  });
});
