import { UserRole } from '../../../src/generated/prisma/client';
import { issueTestToken } from '../../support/auth';
import { createCatalog } from '../../factories/catalog.factory';
import { addRules } from '../../factories/guidance.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { onTestApp, startPunchout } from '../../factories/punchout.factory';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { consoleCookie } from '../../support/console-sign-in';
import { startTestApp, TestApp } from '../../support/test-app';

/** A real punchout, then its timeline in the console: the story in sentences, refusals with their rule. */
describe('compliance console: a session timeline tells the story', () => {
  let t: TestApp;
  let html: string;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, [
      {
        id: 'story-cable',
        name: 'Belkin HDMI cable',
        categoryId: 'cables',
        offers: [
          { price: '9.90', vendor: 'Kabel GmbH', quantityMax: 100 },
          { price: '7.50', vendor: 'Kabelwerk Versand' },
        ],
      },
    ]);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const admin = await createUser(t.prisma, organization, {
      roles: [UserRole.admin, UserRole.buyer, UserRole.auditor],
    });
    const token = await issueTestToken(t.prisma, admin, client, { expiresInSeconds: 3_600 });
    await addRules(t.baseUrl, token, [
      {
        effect: 'blocked',
        matcher: 'vendor',
        value: 'Kabelwerk Versand',
        note: 'late deliveries <b>2026</b>',
      },
    ]);

    const { body } = await startPunchout(t.baseUrl, token, 'story-cable', {
      callbackUrl: 'https://srm.example.com/hook',
    });
    const url = `${t.baseUrl}${(await getPage(onTestApp(body.redirectUrl, t.baseUrl))).location}`;
    const csrf = csrfOf((await getPage(url)).html);
    expect(
      (await postForm(`${url}/cart/add`, { csrf, offerId: 'story-cable-o1', quantity: '1' })).status,
    ).toBe(303);
    expect(
      (await postForm(`${url}/cart/update`, { csrf, offerId: 'story-cable-o1', quantity: '12' })).status,
    ).toBe(303);
    expect(
      (await postForm(`${url}/cart/add`, { csrf, offerId: 'story-cable-o2', quantity: '3' })).status,
    ).toBe(403);
    expect((await postForm(`${url}/transfer`, { csrf })).status).toBe(200);

    const cookie = await consoleCookie(t, admin);
    const session = await t.prisma.punchoutSession.findFirstOrThrow();
    const response = await fetch(`${t.baseUrl}/audit/console/sessions/${session.id}`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    html = await response.text();
  });
  afterAll(() => t?.close());

  const stories = () => [...html.matchAll(/<p class="timeline-story">([^<]*)<\/p>/g)].map((m) => m[1]);

  it('tells each step in a sentence, in order', () => {
    expect(stories()).toEqual([
      'Session created through the REST API',
      "Opened in the buyer's browser",
      "Added 'Belkin HDMI cable' × 1",
      "Quantity of 'Belkin HDMI cable': 1 → 12",
      "Refused 'Belkin HDMI cable' from Kabelwerk Versand × 3 when the buyer added it",
      'Cart with 1 line sent to the procurement system',
    ]);
  });

  it('names the blocking rule by its effect, matcher, value and note (escaped), as it was then', () => {
    expect(html).toContain(
      "Blocked by: block vendor 'Kabelwerk Versand' — late deliveries &lt;b>2026&lt;/b>",
    );
  });

  it('shows each event position in the chain and its hash', () => {
    expect(html).toMatch(/#\d+ · [^<]*<span title="[0-9a-f]{64}">Hash <code>[0-9a-f]{12}…<\/code><\/span>/);
  });
});
