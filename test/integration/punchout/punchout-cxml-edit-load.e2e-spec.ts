import { ClientsService } from '../../../src/oauth/clients.service';
import { createCatalog, ProductSpec } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { postSetup, setupRequest } from '../../support/cxml';
import { startTestApp, TestApp } from '../../support/test-app';

const RETURN = 'https://acme.coupahost.com/punchout/checkout/4';
const LINES = 200;
const AT_ONCE = 8;

/** 200 products of one offer each: an edit of 200 different lines restores (and records) each. */
const BULK_CATALOG: ProductSpec[] = Array.from({ length: LINES }, (_, index) => ({
  id: `bulk-${index + 1}`,
  name: `Bulk item ${index + 1}`,
  categoryId: 'filing',
  offers: [{ vendor: 'Bulk Supplies', price: '1.2500', deliveryDays: 2 }],
}));

/**
 * cXML `edit` with a full cart (200 lines), several of one organization at once: each restores its
 * lines and writes an event per line in the organization's audit chain. Every setup succeeds or is
 * answered as busy (Status 429 or 503, nothing written); none fails with Status 500.
 */
describe('cXML edit: full carts of one organization at once', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await createCatalog(t.prisma, BULK_CATALOG);
  });
  afterAll(() => t.close());

  it(`${AT_ONCE} edits of ${LINES} lines at once: each Status 200 with its whole cart, or a busy Status and nothing written`, async () => {
    const organization = await createOrganization(t.prisma);
    const { clientId } = await createClient(t.prisma, organization, {
      callbackOrigins: ['https://acme.coupahost.com'],
    });
    const { punchoutSecret } = await t.app.get(ClientsService).setPunchoutSecret(clientId, { label: 'test' });
    const buyer = await createUser(t.prisma, organization, { email: `jane-${clientId}@acme.example` });
    const lines = BULK_CATALOG.map(
      (product) =>
        `<ItemOut quantity="2"><ItemID><SupplierPartID>${product.id}</SupplierPartID><SupplierPartAuxiliaryID>${product.id}-o1</SupplierPartAuxiliaryID></ItemID></ItemOut>`,
    ).join('');

    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        postSetup(
          t.baseUrl,
          setupRequest({
            clientId,
            secret: punchoutSecret,
            email: buyer.email,
            url: RETURN,
            operation: 'edit',
            extra: lines,
          }),
        ),
      ),
    );
    const codes = answers.map((answer) => answer.code);
    for (const code of codes) expect(['200', '429', '503']).toContain(code);
    const succeeded = codes.filter((code) => code === '200').length;
    expect(succeeded).toBeGreaterThanOrEqual(1);

    const sessions = await t.prisma.punchoutSession.findMany({
      where: { organizationId: organization.id },
      include: { _count: { select: { cartItems: true } } },
    });
    expect(sessions).toHaveLength(succeeded);
    for (const session of sessions) expect(session._count.cartItems).toBe(LINES);
    expect(
      await t.prisma.auditEvent.count({
        where: { organizationId: organization.id, type: 'punchout.cart_changed' },
      }),
    ).toBe(succeeded * LINES);
  });
});
