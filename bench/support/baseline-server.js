// The baseline the gateway is compared with: what a team would write by hand instead, plain Fastify
// and a `pg` pool of the same size, no framework, no auth. GET /static answers a constant JSON body;
// GET /select1 runs `SELECT 1` on PostgreSQL; GET /static-product/:id answers a constant body of a
// product details response's size and shape (what moving such a response costs, without the work);
// GET /search?query=&page= is the search a team would write by hand on the gateway's schema: the same
// full-text match and rank, the top 24 plus a count capped at 10,000, no guidance, no facets, no
// filters. Started like gateway-process.js (IPC channel, exits when it closes).
'use strict';
/* global setTimeout */
const Fastify = require('fastify');
const { Pool } = require('pg');

/** About the size (~2.5 KB) and mix of texts (some non-ASCII) of an average product details response. */
function productSizedBody() {
  const offer = (n) => ({
    id: `demo-1-x-${n}`,
    productId: 'demo-1-x',
    provider: 'marketplace',
    vendor: 'Büroprofi Schneider GmbH',
    price: { amount: 12.34 + n, currency: 'EUR', formatted: `${12 + n},34 €` },
    quantityDiscountsAvailable: n === 1,
    availability: 'Auf Lager',
    priceUnit: 'pro Stück',
    preferred: n === 1,
    blocked: false,
    condition: 'new',
    delivery: `Lieferung in ${n + 1} Tagen`,
    priceTaxLabel: 'zzgl. MwSt.',
    quantityMin: 1,
    fulfillment: 'Versand durch den Marktplatz',
  });
  return {
    id: 'demo-1-x',
    provider: 'marketplace',
    name: 'Kopierpapier A4, 80 g/m², hochweiß, 500 Blatt',
    offersCount: 3,
    offers: [offer(1), offer(2), offer(3)],
    images: ['thumbnail', 'small', 'medium', 'large'].map((kind) => ({
      url: `http://127.0.0.1/images/products/demo-1-x/${kind}.svg`,
      width: 640,
      height: 640,
      altText: 'Kopierpapier A4, 80 g/m², hochweiß, 500 Blatt',
      kind,
    })),
    productCode: 'DM1X0000001',
    taxonomies: [{ type: 'unspsc', code: '14111507', version: 'UNv260801', displayName: 'Druckerpapier' }],
    features: ['80 g/m²', 'hochweiß', 'für Laser- und Tintenstrahldrucker'],
    starRating: 4.3,
    reviewCount: 127,
    productOverview: {
      brand: 'Steinbeis',
      manufacturer: 'Steinbeis',
      ean: '4346653239029',
      model: 'ST-7519',
    },
  };
}

async function main() {
  const pool = new Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_MAX || 10),
  });
  const app = Fastify({ logger: false });
  app.get('/static', async () => ({ ok: true }));
  const product = productSizedBody();
  app.get('/static-product/:id', async () => product);
  app.get('/select1', async () => {
    const { rows } = await pool.query({ name: 'select-1', text: 'SELECT 1 AS one' });
    return { ok: rows[0].one === 1 };
  });
  app.get('/search', async (request) => {
    const query = String(request.query.query ?? '');
    const page = Math.max(1, Number(request.query.page) || 1);
    const match = 'p.offer_count > 0 AND p.search_vector @@ gw_search_query($1)';
    const [hits, count] = await Promise.all([
      pool.query({
        name: 'search-page',
        text: `SELECT p.id, p.name, ts_rank(p.search_vector, gw_search_query($1)) AS rank FROM product p
                WHERE ${match} ORDER BY rank DESC, p.id LIMIT 24 OFFSET $2`,
        values: [query, (page - 1) * 24],
      }),
      pool.query({
        name: 'search-count',
        text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM product p WHERE ${match} LIMIT 10000) m`,
        values: [query],
      }),
    ]);
    return { count: count.rows[0].n, data: hits.rows };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    Promise.allSettled([app.close(), pool.end()]).finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.send({ port: app.server.address().port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
