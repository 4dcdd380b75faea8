#!/usr/bin/env node
// The README's pictures of the shop: a demo product page and a cart with demo data, taken in
// Debian's Chromium from a gateway started on a throwaway database (the bench harness).
// Usage: npm run build && node scripts/readme-screenshots.js   (writes docs/images/shop-*.png)
'use strict';
/* global URLSearchParams */
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { startBenchDatabase, startBenchApp, benchToken } = require('../bench/support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const OUT = join(__dirname, '../docs/images');

async function main() {
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    await gateway.app
      .get(dist('catalog/catalog.service').CatalogService)
      .generateDemo({ products: 500, seed: 1 });
    await benchToken(gateway.prisma);
    const { punchoutSecret } = await gateway.app
      .get(dist('oauth/clients.service').ClientsService)
      .setPunchoutSecret('bench-client', { label: 'readme' });
    // A product with several offers, as a buyer would compare them.
    const [{ id }] = await gateway.prisma.$queryRawUnsafe(
      "SELECT id FROM product WHERE name ILIKE '%kugelschreiber%' OR name ILIKE '%ballpoint%' ORDER BY offer_count DESC, id LIMIT 1",
    );
    const callup = `${gateway.baseUrl}/punchout/oci?${new URLSearchParams({
      USERNAME: 'bench-client',
      PASSWORD: punchoutSecret,
      EMAIL: 'bench@example.com',
      HOOK_URL: 'https://srm.example.com/hook',
      PRODUCTID: id,
    })}`;
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })
    ).newPage();
    await page.goto(callup);
    await page.screenshot({ path: join(OUT, 'shop-product.png'), fullPage: false });
    const buyable = page.locator('.punchout-offer:not(.is-blocked) button[type="submit"]');
    await Promise.all([page.waitForURL(/done=added$/), buyable.first().click()]);
    await page.goto(page.url().replace(/\/cart.*$/, `/search?query=${encodeURIComponent('papier')}`));
    await Promise.all([
      page.waitForURL(/done=added$/),
      page.locator('.punchout-hit-add button').first().click(),
    ]);
    await page.screenshot({ path: join(OUT, 'shop-cart.png'), fullPage: false });
    process.stdout.write(`wrote ${OUT}/shop-product.png and shop-cart.png (product ${id})\n`);
  } finally {
    await browser.close();
    await gateway.close();
    await database.drop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
