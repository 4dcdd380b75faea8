import { AuditService } from '../../../src/audit/audit.service';
import { OAuthClient, Organization, User } from '../../../src/generated/prisma/client';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createPunchoutSession, ociFieldsOf } from '../../factories/audit.factory';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { bodyOf, Json } from '../../support/http';
import { startTestApp, TestApp } from '../../support/test-app';

describe('audit review API', () => {
  let t: TestApp;
  let audit: AuditService;
  let orgA: Organization;
  let orgB: Organization;
  let clientA: OAuthClient;
  let buyerA: User;
  let otherBuyerA: User;
  let tokens: { auditorA: string; buyerA: string; adminA: string; auditorB: string };
  const sessions: Record<string, string> = {};
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9, 0, 0));
  const transferredFields = ociFieldsOf([
    { offerId: 'rv-pen-o1', quantity: 10, unitPrice: '1.30', description: 'Pelikan pen "blue" <b>' },
    { offerId: 'rv-chair-o1', quantity: 1, unitPrice: '199.00', description: 'Bürostuhl' },
  ]);

  beforeAll(async () => {
    t = await startTestApp();
    audit = t.app.get(AuditService);
    await createCatalog(t.prisma, [
      { id: 'rv-pen', name: 'Review pen', categoryId: 'writing', offers: [{ price: '1.30' }] },
      { id: 'rv-chair', name: 'Review chair', categoryId: 'chairs', offers: [{ price: '199.00' }] },
      {
        id: 'rv-desk',
        name: 'Review desk',
        categoryId: 'chairs',
        offers: [{ price: '450.00', currency: 'USD' }],
      },
    ]);
    orgA = await createOrganization(t.prisma);
    orgB = await createOrganization(t.prisma);
    ({ client: clientA } = await createClient(t.prisma, orgA));
    const { client: clientB } = await createClient(t.prisma, orgB);
    buyerA = await createUser(t.prisma, orgA, { email: 'Buyer.One@example.com' });
    otherBuyerA = await createUser(t.prisma, orgA, { email: 'buyer.two@example.com' });
    const buyerB = await createUser(t.prisma, orgB, { email: 'buyer.one@example.com' });
    tokens = {
      auditorA: await issueTestToken(
        t.prisma,
        await createUser(t.prisma, orgA, { roles: [UserRole.auditor] }),
        clientA,
      ),
      buyerA: await issueTestToken(t.prisma, buyerA, clientA),
      adminA: await issueTestToken(
        t.prisma,
        await createUser(t.prisma, orgA, { roles: [UserRole.admin, UserRole.buyer] }),
        clientA,
      ),
      auditorB: await issueTestToken(
        t.prisma,
        await createUser(t.prisma, orgB, { roles: [UserRole.auditor] }),
        clientB,
      ),
    };
    const a = { organization: orgA, client: clientA };
    sessions.transferred = (
      await createPunchoutSession(t.prisma, audit, {
        ...a,
        user: buyerA,
        productId: 'rv-pen',
        status: 'TRANSFERRED',
        createdAt: day(3),
        cart: [
          { offerId: 'rv-pen-o1', quantity: 10, unitPrice: '1.30' },
          { offerId: 'rv-chair-o1', quantity: 1, unitPrice: '199.00' },
        ],
        returnedFields: transferredFields,
      })
    ).id;
    sessions.cancelled = (
      await createPunchoutSession(t.prisma, audit, {
        ...a,
        user: otherBuyerA,
        productId: 'rv-chair',
        status: 'CANCELLED',
        createdAt: day(5),
        returnedFields: [],
      })
    ).id;
    sessions.open = (
      await createPunchoutSession(t.prisma, audit, {
        ...a,
        user: buyerA,
        productId: 'rv-desk',
        status: 'OPENED',
        createdAt: day(7),
        cart: [
          { offerId: 'rv-desk-o1', quantity: 2, unitPrice: '450.00', currency: 'USD' },
          { offerId: 'rv-pen-o1', quantity: 3, unitPrice: '1.30' },
        ],
      })
    ).id;
    sessions.expired = (
      await createPunchoutSession(t.prisma, audit, {
        ...a,
        user: buyerA,
        productId: 'rv-chair',
        status: 'EXPIRED',
        createdAt: day(9),
      })
    ).id;
    sessions.failed = (
      await createPunchoutSession(t.prisma, audit, {
        ...a,
        user: otherBuyerA,
        productId: 'rv-chair',
        status: 'FAILED',
        createdAt: day(11),
      })
    ).id;
    // Stored as an object of name -> value: the review must read that shape too.
    sessions.objectFields = (
      await createPunchoutSession(t.prisma, audit, {
        ...a,
        user: buyerA,
        productId: 'rv-pen',
        status: 'TRANSFERRED',
        createdAt: day(13),
        returnedFields: { 'NEW_ITEM-DESCRIPTION[1]': 'Pen', 'NEW_ITEM-QUANTITY[1]': '5' },
      })
    ).id;
    sessions.otherOrganization = (
      await createPunchoutSession(t.prisma, audit, {
        organization: orgB,
        client: clientB,
        user: buyerB,
        productId: 'rv-pen',
        status: 'TRANSFERRED',
        createdAt: day(4),
        returnedFields: transferredFields,
      })
    ).id;
  });
  afterAll(() => t.close());

  const get = (token: string | undefined, path: string) =>
    fetch(`${t.baseUrl}/api/v1/audit/${path}`, { headers: token ? bearer(token) : {} });
  const json = async (token: string, path: string): Promise<Json> => {
    const response = await get(token, path);
    expect(response.status).toBe(200);
    return bodyOf(response);
  };
  const ids = (page: Json) => page.items.map((item: Json) => item.id);

  it.each(['sessions', 'events', `sessions/00000000-0000-4000-8000-000000000000`])(
    'answers buyers and admins on %s with 403 insufficient_scope, and no token with 401',
    async (path) => {
      for (const token of [tokens.buyerA, tokens.adminA]) {
        const response = await get(token, path);
        expect(response.status).toBe(403);
        expect(await bodyOf(response)).toMatchObject({ error: 'insufficient_scope' });
      }
      expect((await get(undefined, path)).status).toBe(401);
    },
  );

  it("shows an auditor only their own organization's sessions, newest first, with outcome and totals", async () => {
    const page = await json(tokens.auditorA, 'sessions');
    expect(ids(page)).toEqual([
      sessions.objectFields,
      sessions.failed,
      sessions.expired,
      sessions.open,
      sessions.cancelled,
      sessions.transferred,
    ]);
    expect(page.nextCursor).toBeNull();
    const transferred = page.items.find((item: Json) => item.id === sessions.transferred);
    expect(transferred).toMatchObject({
      status: 'TRANSFERRED',
      outcome: 'transferred',
      userEmail: 'buyer.one@example.com',
      productId: 'rv-pen',
      productName: 'Review pen',
      itemCount: 2,
      // No VAT rate stated on these lines: net totals only, no gross figure.
      cartTotals: [{ currency: 'EUR', net: '212.00', vat: [], vatTotal: '0.00', gross: null }],
    });
    const open = page.items.find((item: Json) => item.id === sessions.open);
    expect(open).toMatchObject({
      outcome: 'open',
      closedAt: null,
      cartTotals: [
        { currency: 'EUR', net: '3.90', vat: [], vatTotal: '0.00', gross: null },
        { currency: 'USD', net: '900.00', vat: [], vatTotal: '0.00', gross: null },
      ],
    });

    expect(ids(await json(tokens.auditorB, 'sessions'))).toEqual([sessions.otherOrganization]);
  });

  it("answers another organization's session id with 404, exactly like an unknown id", async () => {
    for (const id of [sessions.otherOrganization, '00000000-0000-4000-8000-000000000000']) {
      const response = await get(tokens.auditorA, `sessions/${id}`);
      expect(response.status).toBe(404);
      expect(await bodyOf(response)).toEqual({
        error: 'not_found',
        error_description: 'No punchout session with this id.',
      });
    }
    expect((await get(tokens.auditorB, `sessions/${sessions.otherOrganization}`)).status).toBe(200);
  });

  it("never lists another organization's events", async () => {
    const a = await json(tokens.auditorA, 'events?limit=100');
    const b = await json(tokens.auditorB, 'events?limit=100');
    expect(a.items.length).toBeGreaterThan(0);
    expect(a.items.every((event: Json) => event.sessionId !== sessions.otherOrganization)).toBe(true);
    expect(b.items.map((event: Json) => event.sessionId)).toEqual(
      b.items.map(() => sessions.otherOrganization),
    );
    expect(b.items.map((event: Json) => event.sequence)).toEqual(b.items.map((_: Json, i: number) => i + 1));
  });

  it('filters sessions by status, e-mail (case-insensitive), product (started on or in the cart) and time', async () => {
    expect(ids(await json(tokens.auditorA, 'sessions?status=cancelled'))).toEqual([sessions.cancelled]);
    expect(ids(await json(tokens.auditorA, 'sessions?email=BUYER.TWO@example.com'))).toEqual([
      sessions.failed,
      sessions.cancelled,
    ]);
    expect(ids(await json(tokens.auditorA, 'sessions?productId=rv-pen'))).toEqual([
      sessions.objectFields,
      sessions.open,
      sessions.transferred,
    ]);
    expect(
      ids(await json(tokens.auditorA, `sessions?from=${day(5).toISOString()}&to=${day(9).toISOString()}`)),
    ).toEqual([sessions.open, sessions.cancelled]);
    expect(
      ids(
        await json(
          tokens.auditorA,
          'sessions?from=2026-11-07T10:00:00%2B02:00&to=2026-11-07T10:00:01%2B01:00',
        ),
      ),
    ).toEqual([sessions.open]);
    expect(
      ids(await json(tokens.auditorA, 'sessions?from=2026-11-10&status=FAILED&email=buyer.two@example.com')),
    ).toEqual([sessions.failed]);
    expect(ids(await json(tokens.auditorA, 'sessions?email=nobody@example.com'))).toEqual([]);
  });

  it('pages sessions with an opaque cursor, without gaps or repeats, and keeps the filters', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Json = await json(
        tokens.auditorA,
        `sessions?limit=2&email=buyer.one@example.com${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual([sessions.objectFields, sessions.expired, sessions.open, sessions.transferred]);
  });

  it.each([
    ['sessions?limit=0', 'limit must be a whole number from 1 to 100'],
    ['sessions?limit=101', 'limit must be a whole number from 1 to 100'],
    ['sessions?limit=ten', 'limit must be a whole number from 1 to 100'],
    [
      'sessions?status=DONE',
      'status must be one of CREATED, OPENED, TRANSFERRED, CANCELLED, EXPIRED, FAILED',
    ],
    ['sessions?from=yesterday', 'from must be an ISO 8601 date or date-time'],
    ['sessions?from=2026-11-10&to=2026-11-01', 'from must be before to'],
    [
      'sessions?from=2026-11-10T10:00:00',
      'from must be a date (YYYY-MM-DD, UTC) or a date-time with a time zone',
    ],
    ['sessions?email=not-an-email', 'email must be an e-mail address'],
    ['sessions?productId=%3Cscript%3E', 'productId must be a product id'],
    [
      'sessions?cursor=bm90LWEtY3Vyc29y',
      'cursor is not valid: pass the nextCursor of a previous page unchanged',
    ],
    ['sessions?cursor=*', 'cursor must be the nextCursor of a previous page'],
    ['sessions?sort=asc', 'property sort should not exist'],
    ['events?type=punchout.bogus', 'type must be one of'],
    ['events?to=tomorrow', 'to must be an ISO 8601 date or date-time'],
    ['sessions/not-a-uuid', 'uuid'],
  ])('answers %s with 400 invalid_request naming the problem', async (path, message) => {
    const response = await get(tokens.auditorA, path);
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain(message);
  });

  it("returns one session's full timeline with the exact OCI fields posted and the cart as lines", async () => {
    const detail = await json(tokens.auditorA, `sessions/${sessions.transferred}`);
    expect(detail).toMatchObject({
      id: sessions.transferred,
      status: 'TRANSFERRED',
      outcome: 'transferred',
      callbackUrl: 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?~TARGET=_top',
      // No VAT rate stated on these lines: net totals only, no gross figure.
      cartTotals: [{ currency: 'EUR', net: '212.00', vat: [], vatTotal: '0.00', gross: null }],
    });
    expect(detail.events.map((event: Json) => event.type)).toEqual([
      'punchout.created',
      'punchout.opened',
      'punchout.cart_changed',
      'punchout.cart_changed',
      'punchout.transferred',
    ]);
    const sequences = detail.events.map((event: Json) => event.sequence);
    expect([...sequences].sort((x: number, y: number) => x - y)).toEqual(sequences);
    expect(detail.events[0].actor).toMatchObject({
      userId: buyerA.id,
      email: 'buyer.one@example.com',
      clientId: clientA.id,
    });
    expect(detail.events[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.events.at(-1).payload).toEqual({ fields: transferredFields });
    expect(detail.transferred.fields).toEqual(transferredFields);
    expect(detail.transferred.lines[0]).toEqual({
      line: 1,
      values: {
        DESCRIPTION: 'Pelikan pen "blue" <b>',
        QUANTITY: '10',
        UNIT: 'PCE',
        PRICE: '1.30',
        PRICEUNIT: '1',
        CURRENCY: 'EUR',
        VENDORMAT: 'rv-pen-o1',
      },
      longText: 'Pelikan pen "blue" <b>, Test Vendor, new',
    });
    expect(detail.cartItems).toEqual([
      expect.objectContaining({
        offerId: 'rv-pen-o1',
        productName: 'Review pen',
        quantity: 10,
        netUnitPrice: '1.30',
        priceUnit: 1,
        vatRate: null,
        netLineTotal: '13.00',
      }),
      expect.objectContaining({
        offerId: 'rv-chair-o1',
        quantity: 1,
        netUnitPrice: '199.00',
        netLineTotal: '199.00',
      }),
    ]);

    const objectForm = await json(tokens.auditorA, `sessions/${sessions.objectFields}`);
    // jsonb keeps an object's keys in its own order, so only pairs preserve the posted order.
    expect(objectForm.transferred.fields).toHaveLength(2);
    expect(objectForm.transferred.fields).toEqual(
      expect.arrayContaining([
        ['NEW_ITEM-DESCRIPTION[1]', 'Pen'],
        ['NEW_ITEM-QUANTITY[1]', '5'],
      ]),
    );
    expect(objectForm.transferred.lines).toEqual([
      { line: 1, values: { DESCRIPTION: 'Pen', QUANTITY: '5' } },
    ]);
    const cancelled = await json(tokens.auditorA, `sessions/${sessions.cancelled}`);
    expect(cancelled.transferred).toEqual({ fields: [], lines: [] });
    const open = await json(tokens.auditorA, `sessions/${sessions.open}`);
    expect(open.transferred).toBeNull();
    expect(open.closeReason).toBeNull();
    const failed = await json(tokens.auditorA, `sessions/${sessions.failed}`);
    expect(failed.closeReason).toBe('callback unreachable');
  });

  it('filters events by type and time and pages them in chain order', async () => {
    const transfers = await json(tokens.auditorA, 'events?type=punchout.transferred');
    expect(transfers.items.map((event: Json) => event.sessionId)).toEqual([
      sessions.transferred,
      sessions.objectFields,
    ]);

    const all = await json(tokens.auditorA, 'events?limit=100');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Json = await json(tokens.auditorA, `events?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((event: Json) => event.sequence));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((event: Json) => event.sequence));
    expect(seen).toEqual(seen.map((_, i) => i + 1));

    const future = await json(tokens.auditorA, 'events?from=2999-01-01T00:00:00Z');
    expect(future).toEqual({ items: [], nextCursor: null });
  });
});
