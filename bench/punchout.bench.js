// OCI punchout: session creation (POST /api/v1/marketplace/product/{id}/punchout, which writes the
// session and its hash-chained audit event in one transaction) and the buyer's product page
// (GET /punchout/s/{key}: product, offers judged by 20 guidance rules, rule notes, cart count,
// server-side JSX render). /readyz runs in the same process as a plain baseline (one database round
// trip, no auth). Usage: `npm run bench -- punchout [products]` (default 2,000 demo products).
// 16 connections, 10 s each after a warm-up; autocannon runs in a child process.
'use strict';
/* global fetch, Buffer */
const { join } = require('node:path');
const { URL } = require('node:url');
const { performance } = require('node:perf_hooks');
const { startBenchDatabase, startBenchApp, benchToken, measure, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const BENCH_ACTOR = { label: 'bench' };

async function main(args) {
  const products = args.length > 0 ? Number(args[0]) : 2_000;
  if (!Number.isInteger(products) || products < 100 || products > 1_000_000)
    throw new Error(`bad size ${args[0]}`);
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url, {
    DATABASE_POOL_MAX: '10',
    // The per-user API limit is for production traffic; the benchmark measures the route itself.
    API_RATE_LIMIT_PER_USER: '0',
    API_RATE_LIMIT_PER_CLIENT: '0',
  });
  try {
    const { CatalogService } = dist('catalog/catalog.service');
    const { demoProductId } = dist('catalog/demo/demo-catalog.generator');
    const { GuidanceRulesService } = dist('guidance/guidance-rules.service');
    await gateway.app.get(CatalogService).generateDemo({ products, seed: 1 });
    const { organization, token } = await benchToken(gateway.prisma);
    const rules = gateway.app.get(GuidanceRulesService);
    // The product with the most offers: the heaviest product page of the catalog.
    const [{ id: productId }] = await gateway.prisma.$queryRawUnsafe(
      'SELECT id FROM product ORDER BY offer_count DESC, id LIMIT 1',
    );
    for (let i = 0; i < 18; i++) {
      await rules.create(
        organization.id,
        { effect: 'preferred', matcher: 'product', value: demoProductId(1, 100 + i) },
        'bench',
        BENCH_ACTOR,
      );
    }
    await rules.create(
      organization.id,
      { effect: 'blocked', matcher: 'condition', value: 'used', note: 'New goods only' },
      'bench',
      BENCH_ACTOR,
    );
    await rules.create(
      organization.id,
      { effect: 'preferred', matcher: 'unspsc_prefix', value: '44' },
      'bench',
      BENCH_ACTOR,
    );

    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = JSON.stringify({
      callbackUrl: 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?~OkCode=ADDI&~TARGET=_top',
      name: 'Bench Buyer',
      shipTo: { street: 'Hauptstr. 1', city: 'Köln', postalCode: '50667', countryCode: 'DE' },
    });
    const create = `${gateway.baseUrl}/api/v1/marketplace/product/${productId}/punchout`;
    const probe = await fetch(create, { method: 'POST', headers, body });
    const { redirectUrl } = await probe.json();
    if (probe.status !== 201) throw new Error(`probe: ${probe.status}`);
    // Open it as a browser does, to get a session page to load.
    const start = new URL(redirectUrl);
    const opened = await fetch(`${gateway.baseUrl}${start.pathname}`, { redirect: 'manual' });
    const sessionPath = opened.headers.get('location');
    if (opened.status !== 303 || !sessionPath) throw new Error(`open: ${opened.status}`);
    const page = await fetch(`${gateway.baseUrl}${sessionPath}`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('data-offer-id')) throw new Error(`page: ${page.status}`);

    // Render alone (no I/O): the JSX of the product page, from view data already loaded.
    const { PunchoutCatalogReader } = dist('punchout/core/punchout-catalog.reader');
    const { ProductPresenter } = dist('punchout/shop/product.presenter');
    const { ProductPage } = dist('punchout/shop/views/product.page');
    const { renderPage } = dist('web/render-page');
    const { messagesFor } = dist('punchout/shop/punchout.messages');
    const { h } = require('preact');
    const reader = gateway.app.get(PunchoutCatalogReader);
    const presenter = gateway.app.get(ProductPresenter);
    const view = await presenter.productView(await reader.findProduct(productId), organization.id, 'en');
    const ctx = {
      lang: 'en',
      t: messagesFor('en'),
      sessionKey: 'psk_x',
      csrfToken: 'x',
      publicId: 'PO-x',
      productId,
      cartCount: 0,
    };
    for (let i = 0; i < 200; i++) renderPage(h(ProductPage, { ctx, product: view }));
    const renders = 2_000;
    const t0 = performance.now();
    for (let i = 0; i < renders; i++) renderPage(h(ProductPage, { ctx, product: view }));
    const renderMs = (performance.now() - t0) / renders;

    const run = { connections: 16, duration: 10 };
    await measure('warm-up', { url: create, method: 'POST', headers, body, connections: 4, duration: 2 });
    const rows = [
      await measure('create punchout session (+ audit event)', {
        url: create,
        method: 'POST',
        headers,
        body,
        ...run,
      }),
      await measure('create punchout session (+ audit event), spread over 8 organizations', {
        url: create,
        method: 'POST',
        rotateHeaders: await Promise.all(
          Array.from({ length: 8 }, async (_, i) => ({
            authorization: `Bearer ${(await benchToken(gateway.prisma, `bench-${i}`)).token}`,
            'content-type': 'application/json',
          })),
        ),
        body,
        ...run,
      }),
      await measureWithoutAudit(gateway, () =>
        measure('create punchout session, audit append stubbed out (cost of auditing)', {
          url: create,
          method: 'POST',
          headers,
          body,
          ...run,
        }),
      ),
      await measure('product page of a session (HTML)', { url: `${gateway.baseUrl}${sessionPath}`, ...run }),
      await measure('/readyz (baseline, same process)', { url: `${gateway.baseUrl}/readyz`, ...run }),
    ];
    const sessions = await gateway.prisma.punchoutSession.count();
    const events = await gateway.prisma.auditEvent.count({ where: { type: 'punchout.created' } });
    report(
      `Punchout, ${products} demo products, ${view.offers.length} offers on the page, 20 rules, 16 connections ` +
        `(${sessions} sessions / ${events} created events written; product page JSX render alone: ${renderMs.toFixed(3)} ms, ` +
        `${Math.round(html.length / 1024)} KiB)`,
      rows,
    );
  } finally {
    await gateway.close();
    await database.drop();
  }
}

/**
 * Runs `work` with the audit write taken out in this process only: append does nothing, and
 * appendWithChange runs the change alone. The same route, validation and session insert are measured
 * without the hash-chain write; the two creation rows differ by what auditing costs (the
 * target: at most 20%).
 */
async function measureWithoutAudit(gateway, work) {
  const { AuditService } = dist('audit/audit.service');
  const audit = gateway.app.get(AuditService);
  const { append, appendWithChange } = audit;
  audit.append = async () => ({ sequence: 0n, hash: Buffer.alloc(32) });
  audit.appendWithChange = async (pool, change) =>
    (await pool.query(change.text, change.values)).rowCount > 0;
  try {
    return await work();
  } finally {
    Object.assign(audit, { append, appendWithChange });
  }
}

module.exports = { main };
