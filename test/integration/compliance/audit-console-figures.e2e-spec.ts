import { AuditEventTypes } from '../../../src/audit/audit-event';
import { AuditService } from '../../../src/audit/audit.service';
import { AuditFiguresService } from '../../../src/compliance/review/audit-figures.service';
import { Organization, User } from '../../../src/generated/prisma/client';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createPunchoutSession } from '../../factories/audit.factory';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { ManualClock } from '../../support/manual-clock';
import { consoleCookie } from '../../support/console-sign-in';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The dashboard's figures against a hand-counted organization: sessions transferred inside and
 * outside the period, a cancelled cart, another organization, and guidance events of each kind.
 */
describe('compliance console: figures of a period', () => {
  const clock = new ManualClock(new Date('2026-11-20T12:00:00.000Z'));
  const day = (iso: string) => new Date(`${iso}T09:00:00.000Z`);
  let t: TestApp;
  let audit: AuditService;
  let org: Organization;
  let auditor: User;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    audit = t.app.get(AuditService);
    await createCatalog(t.prisma, [
      {
        id: 'fig-paper',
        name: 'Copy paper',
        categoryId: 'paper',
        offers: [{ price: '1.30' }, { price: '5.00' }],
      },
      {
        id: 'fig-cable',
        name: 'HDMI cable',
        categoryId: 'cables',
        offers: [{ price: '2.335' }, { price: '100.00', currency: 'USD' }],
      },
    ]);
    org = await createOrganization(t.prisma);
    const other = await createOrganization(t.prisma);
    auditor = await createUser(t.prisma, org, { roles: [UserRole.auditor] });
    const buyer = await createUser(t.prisma, org);
    const otherBuyer = await createUser(t.prisma, other);
    const { client } = await createClient(t.prisma, org);
    const { client: otherClient } = await createClient(t.prisma, other);
    const a = { organization: org, client, user: buyer, productId: 'fig-paper' };
    // 2026-11-18: 10 x 1.30 = 13.00 (preferred) + 3 x 2.335 = 7.005, rounded per line to 7.01.
    await createPunchoutSession(t.prisma, audit, {
      ...a,
      status: 'TRANSFERRED',
      createdAt: day('2026-11-18'),
      cart: [
        { offerId: 'fig-paper-o1', quantity: 10, unitPrice: '1.30', vendor: 'Papier AG', preferred: true },
        { offerId: 'fig-cable-o1', quantity: 3, unitPrice: '2.335', vendor: 'Kabel GmbH' },
      ],
    });
    // 2026-11-19: 2 x 5.00 EUR and 1 x 100.00 USD.
    await createPunchoutSession(t.prisma, audit, {
      ...a,
      status: 'TRANSFERRED',
      createdAt: day('2026-11-19'),
      cart: [
        { offerId: 'fig-paper-o2', quantity: 2, unitPrice: '5.00', vendor: 'Papier AG' },
        { offerId: 'fig-cable-o2', quantity: 1, unitPrice: '100.00', currency: 'USD', vendor: 'US Supply' },
      ],
    });
    // Not counted: transferred before the period, a cancelled cart, another organization.
    await createPunchoutSession(t.prisma, audit, {
      ...a,
      status: 'TRANSFERRED',
      createdAt: day('2026-11-01'),
      cart: [{ offerId: 'fig-paper-o1', quantity: 999, unitPrice: '1.30', vendor: 'Old Vendor' }],
    });
    await createPunchoutSession(t.prisma, audit, {
      ...a,
      status: 'CANCELLED',
      createdAt: day('2026-11-19'),
      cart: [{ offerId: 'fig-paper-o1', quantity: 50, unitPrice: '1.30', vendor: 'Papier AG' }],
    });
    await createPunchoutSession(t.prisma, audit, {
      organization: other,
      client: otherClient,
      user: otherBuyer,
      productId: 'fig-paper',
      status: 'TRANSFERRED',
      createdAt: day('2026-11-19'),
      cart: [{ offerId: 'fig-paper-o1', quantity: 7, unitPrice: '1.30', vendor: 'Papier AG' }],
    });
    // Guidance: 2 refusals on add, 1 at transfer, 1 removal at transfer; a buyer's own removal
    // and a refusal before the period do not count.
    const event = (type: string, payload: Record<string, unknown>, occurredOn = '2026-11-19') => {
      clock.set(day(occurredOn));
      return t.prisma.$transaction((tx) =>
        audit.append(tx, {
          organizationId: org.id,
          type: type as (typeof AuditEventTypes)[keyof typeof AuditEventTypes],
          actor: { userId: buyer.id },
          payload,
        }),
      );
    };
    await event(AuditEventTypes.punchoutOfferRefused, { via: 'add', offerId: 'x' });
    await event(AuditEventTypes.punchoutOfferRefused, { via: 'setup', offerId: 'x' });
    await event(AuditEventTypes.punchoutOfferRefused, { via: 'transfer', offerId: 'x' });
    await event(AuditEventTypes.punchoutCartChanged, { action: 'remove', reason: 'offer_gone' });
    await event(AuditEventTypes.punchoutCartChanged, { action: 'remove', offerId: 'x' });
    await event(AuditEventTypes.punchoutOfferRefused, { via: 'add', offerId: 'x' }, '2026-10-01');
    clock.set(new Date('2026-11-20T12:00:00.000Z'));
  });
  afterAll(() => t?.close());

  const period = { from: new Date('2026-11-10T00:00:00Z'), until: new Date('2026-11-21T00:00:00Z') };

  it('adds the net amounts of the lines as posted per day and currency', async () => {
    const figures = await t.app.get(AuditFiguresService).figures(org.id, period);
    expect(figures.spend).toEqual([
      { day: '2026-11-18', currency: 'EUR', net: '20.01' },
      { day: '2026-11-19', currency: 'EUR', net: '10.00' },
      { day: '2026-11-19', currency: 'USD', net: '100.00' },
    ]);
  });

  it('ranks vendors by net spend within each currency', async () => {
    const figures = await t.app.get(AuditFiguresService).figures(org.id, period);
    expect(figures.topVendors).toEqual([
      { vendor: 'Papier AG', currency: 'EUR', net: '23.00', lines: 2 },
      { vendor: 'Kabel GmbH', currency: 'EUR', net: '7.01', lines: 1 },
      { vendor: 'US Supply', currency: 'USD', net: '100.00', lines: 1 },
    ]);
  });

  it('counts what guidance did and the preferred share of transferred lines', async () => {
    const figures = await t.app.get(AuditFiguresService).figures(org.id, period);
    expect(figures.policy).toEqual({
      refusedOffers: 2,
      removedAtTransfer: 2,
      transferredLines: 4,
      preferredLines: 1,
    });
    const counts = figures.outcomes.reduce(
      (sum, entry) => ({
        transferred: sum.transferred + entry.counts.transferred,
        cancelled: sum.cancelled + entry.counts.cancelled,
      }),
      { transferred: 0, cancelled: 0 },
    );
    expect(figures.outcomes).toHaveLength(11);
    expect(counts).toEqual({ transferred: 2, cancelled: 1 });
  });

  it('answers a period without transfers or guidance with zeros and empty lists', async () => {
    const quiet = { from: new Date('2026-11-02T00:00:00Z'), until: new Date('2026-11-18T00:00:00Z') };
    const figures = await t.app.get(AuditFiguresService).figures(org.id, quiet);
    expect(figures.spend).toEqual([]);
    expect(figures.topVendors).toEqual([]);
    expect(figures.policy).toEqual({
      refusedOffers: 0,
      removedAtTransfer: 0,
      transferredLines: 0,
      preferredLines: 0,
    });
    expect(figures.outcomes).toHaveLength(16);
  });

  it('shows the period on the dashboard in the auditor language, with a table alternative, and refuses a bad period', async () => {
    const cookie = await consoleCookie(t, auditor);
    const get = (query: string) =>
      fetch(`${t.baseUrl}/audit/console${query}`, { headers: { cookie, 'accept-language': 'de' } });

    const response = await get('?from=2026-11-10&to=2026-11-20');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-spend-day="2026-11-18" data-net="20.01"');
    // Intl's German money: decimal comma, a no-break space before the symbol.
    expect(html).toContain('<td class="number">20,01\u00a0€</td>');
    expect(html).toContain('100,00\u00a0$');
    // Round-number gridlines: 0 to 50 € in steps of 10.
    expect(html).toContain('>10\u00a0€</text>');
    expect(html).toMatch(/data-figure="preferred-share"><dt>[^<]+<\/dt><dd>25\u00a0%/);
    expect(html).toContain('data-vendor="Papier AG"');
    expect(html).toContain('23,00\u00a0€');

    const reversed = await get('?from=2026-11-20&to=2026-11-10');
    expect(reversed.status).toBe(400);
    expect(await reversed.text()).toContain('höchstens 366 Tage');
    expect((await get('?from=2024-01-01&to=2026-11-20')).status).toBe(400);
  });
});
