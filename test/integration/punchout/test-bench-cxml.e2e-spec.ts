import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { PUNCHOUT_CATALOG } from '../../factories/punchout.factory';
import { ociFormOf } from '../../support/oci-form';
import { csrfOf, getPage, postForm } from '../../support/punchout-pages';
import { startTestApp, TestApp } from '../../support/test-app';

/** The tests' PUBLIC_URL: the bench's BrowserFormPost URL lives there. */
const PUBLIC_URL = 'http://gateway.test';
const onApp = (url: string, t: TestApp) => url.replace(PUBLIC_URL, t.baseUrl);

/**
 * The bench as a cXML buyer, over HTTP as a browser would walk it: the setup the bench sends opens
 * a session whose StartPage leads into the shop; the transfer's form carries the order message to the
 * bench receiver, which shows its ItemIn lines and the document.
 */
describe('test bench: cXML', () => {
  let t: TestApp;
  let customer: { clientId: string; punchoutSecret: string; email: string };

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, PUNCHOUT_CATALOG);
    const organization = await createOrganization(t.prisma);
    const { clientId } = await createClient(t.prisma, organization, { callbackOrigins: [PUBLIC_URL] });
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `bench-cxml-${clientId}@example.com` });
    customer = { clientId, punchoutSecret, email: buyer.email };
  });
  afterAll(() => t.close());

  it('opens the StartPage of its setup; the transferred order message reaches the receiver as lines', async () => {
    const opened = await postForm(`${t.baseUrl}/test-bench/cxml`, { ...customer, productId: 'paper-1' });
    expect(opened.status).toBe(303);
    expect(opened.location).toMatch(new RegExp(`^${PUBLIC_URL}/punchout/start/pst_`));
    const start = await getPage(onApp(opened.location!, t));
    expect(start.status).toBe(303);
    const shop = `${t.baseUrl}${start.location!.replace(/\/product\/.*$/, '')}`;
    const product = await getPage(`${shop}/product/paper-1`);
    const csrf = csrfOf(product.html);
    const added = await postForm(`${shop}/cart/add`, {
      csrf,
      offerId: 'paper-1-a',
      quantity: '2',
      productId: 'paper-1',
    });
    expect(added.status).toBe(303);
    const transfer = await postForm(`${shop}/transfer`, { csrf });
    expect(transfer.status).toBe(200);
    const form = ociFormOf(transfer.html);
    expect(form.action).toBe(`${PUBLIC_URL}/test-bench/receiver`);
    expect(form.fields.map(([name]) => name)).toEqual(['cxml-urlencoded']);

    const received = await postForm(`${t.baseUrl}/test-bench/receiver`, Object.fromEntries(form.fields));
    expect(received.status).toBe(200);
    const cell = (name: string) =>
      new RegExp(`<th scope="row">${name.replace(/\//g, '\\/')}</th><td>([^<]*)</td>`).exec(
        received.html,
      )?.[1];
    expect(cell('quantity')).toBe('2');
    // The line's order key (the offer is CUST_FIELD5's in OCI; here the key names the cart line).
    expect(cell('ItemID/SupplierPartAuxiliaryID')).toMatch(/^[A-Za-z0-9_-]{22}\.1$/);
    expect(cell('ItemDetail/UnitPrice/Money')).toBe('5.99');
    expect(received.html).toContain('&lt;PunchOutOrderMessage>');
    // The order message is shown indented, one element per line, its DOCTYPE kept.
    const shown =
      /<pre class="test-bench-raw test-bench-cxml">([\s\S]*?)<\/pre>/.exec(received.html)?.[1] ?? '';
    const lines = shown
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .split('\n');
    expect(lines[0]).toMatch(/^<\?xml version="1.0"/);
    expect(lines[1]).toMatch(
      /^<!DOCTYPE cXML SYSTEM "http:\/\/xml.cxml.org\/schemas\/cXML\/1.2.\d+\/cXML.dtd">$/,
    );
    expect(lines).toContain('      <ItemIn quantity="2">');
    expect(lines.length).toBeGreaterThan(20);
  });

  it('shows the refusal of a setup with a wrong secret on the bench page, and opens nothing', async () => {
    const before = await t.prisma.punchoutSession.count();
    const refused = await postForm(`${t.baseUrl}/test-bench/cxml`, {
      ...customer,
      punchoutSecret: 'mpgp_wrong',
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('The setup was refused: 401');
    expect(await t.prisma.punchoutSession.count()).toBe(before);
  });

  it('asks before a cXML cancel in words that fit it: the cart goes back as it opened, not necessarily empty', async () => {
    const opened = await postForm(`${t.baseUrl}/test-bench/cxml`, { ...customer, productId: 'paper-1' });
    const start = await getPage(onApp(opened.location!, t));
    const shop = `${t.baseUrl}${start.location!.replace(/\/product\/.*$/, '')}`;
    const csrf = csrfOf((await getPage(`${shop}/product/paper-1`)).html);
    await postForm(`${shop}/cart/add`, { csrf, offerId: 'paper-1-a', quantity: '1', productId: 'paper-1' });
    const question = await getPage(`${shop}/cancel`);
    expect(question.status).toBe(200);
    expect(question.html).toContain(
      'goes back to your procurement system as it was when this punchout opened',
    );
    const cancelled = await postForm(`${shop}/cancel`, { csrf });
    expect(cancelled.html).toContain('without your changes');
  });
});
