import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Every table belongs to one feature. A feature queries only its own tables (Prisma delegates, SQL);
// another feature's rows it gets from that feature's service. The files below that query another
// feature's tables on purpose say which tables and why; a new entry is a design decision to review.

/** Feature (folder under src/) -> the tables it owns, as prisma/schema.prisma maps its models. */
const OWNED_TABLES: Record<string, string[]> = {
  admin: [],
  audit: ['audit_event', 'audit_chain_head'],
  auth: [],
  catalog: ['category', 'product', 'offer', 'catalog_version'],
  compliance: ['audit_console_link', 'audit_console_session', 'audit_console_oidc_attempt'],
  demo: [],
  guidance: ['guidance_rule'],
  health: [],
  images: [],
  oauth: ['organization', 'user', 'oauth_client', 'access_token'],
  orders: [
    'purchase_order',
    'order_line',
    'order_finding',
    'order_refusal',
    'order_delivery',
    'order_delivery_attempt',
    'order_endpoint',
  ],
  product: [],
  punchout: ['punchout_session', 'punchout_cxml', 'cxml_payload', 'cart_item'],
  'rate-limit': [],
  search: [],
  'test-bench': [],
};

/** The files (under src/) that query other features' tables, the tables, and why not through the owner's service. */
const FOREIGN_READS: Array<{ file: string; tables: string[]; reason: string }> = [
  {
    file: 'compliance/compliance.queries.ts',
    tables: ['audit_event', 'cart_item', 'guidance_rule', 'offer', 'punchout_session', 'user'],
    reason:
      "compliance's one queries file: the review, the console and its figures read sessions, carts, " +
      'events, offers, rules and users as auditors see them (joins and aggregates no owner offers)',
  },
  {
    file: 'auth/access-token.repository.ts',
    tables: ['access_token', 'oauth_client', 'user'],
    reason:
      'the bearer guard resolves a token, its client and its user in one indexed statement on every ' +
      'authenticated request (OAuth issues and revokes the tokens)',
  },
  {
    file: 'product/product.repository.ts',
    tables: ['offer', 'product'],
    reason:
      'product details: a product and its offers in one statement on a read replica (catalog writes them)',
  },
  {
    file: 'product/offer.repository.ts',
    tables: ['offer'],
    reason:
      'the offer reads of product details and the punchout cart, on a read replica (catalog writes them)',
  },
  {
    file: 'search/search.repository.ts',
    tables: ['category', 'offer', 'product'],
    reason: 'the hand-tuned search statement over the catalog, on a read replica (catalog writes it)',
  },
  {
    file: 'search/search-filters.ts',
    tables: ['category'],
    reason: "the category filter is a condition of the search statement's SQL",
  },
  {
    file: 'punchout/core/punchout-session.repository.ts',
    tables: ['oauth_client', 'product'],
    reason:
      'the one-statement session insert checks in EXISTS that the product exists and the callback ' +
      "origin is the client's, so a session is created in one round trip",
  },
  {
    file: 'orders/transferred-cart-lines.reader.ts',
    tables: ['cart_item'],
    reason:
      "an order's lines are matched to the transferred cart lines their keys name, read by key in " +
      'the order\'s transaction (the punchout core offers no such read yet)',
  },
  {
    file: 'database/replicas/replica-monitor.ts',
    tables: ['catalog_version'],
    reason: "the replica lag monitor compares the replica's catalog version with what the caches saw",
  },
];

const SRC = __dirname;
const SCHEMA = join(SRC, '..', 'prisma', 'schema.prisma');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the dependency rules are a CommonJS file
const { FEATURES } = require('../.dependency-cruiser.cjs') as { FEATURES: string[] };

/** Every model of the schema: its Prisma delegate (`punchoutSession`) and its table (`punchout_session`). */
function schemaModels(): Array<{ delegate: string; table: string }> {
  const schema = readFileSync(SCHEMA, 'utf8');
  return [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].map(([, model, body]) => ({
    delegate: model[0].toLowerCase() + model.slice(1),
    table: /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? model,
  }));
}

/** Every source file under src (specs and the generated client excluded), with its text. */
function sources(): Array<{ file: string; text: string }> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return walk(SRC)
    .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file) && !file.includes('/generated/'))
    .map((file) => ({ file: relative(SRC, file), text: readFileSync(file, 'utf8') }));
}

const PRISMA_METHODS = [
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
];

/** The tables a text queries: Prisma delegate calls (`x.offer.findMany`) and SQL naming a table. */
function tablesQueried(text: string, models: Array<{ delegate: string; table: string }>): Set<string> {
  const tableOf = new Map(models.map((model) => [model.delegate, model.table]));
  const delegateCall = new RegExp(
    `\\.\\s*(${models.map((model) => model.delegate).join('|')})\\s*\\.\\s*(?:${PRISMA_METHODS.join('|')})\\s*[(<]`,
    'g',
  );
  // SQL keywords as the project writes them (upper case), so prose ("from the product") is no match.
  const sql = new RegExp(
    `\\b(?:FROM|JOIN|INSERT\\s+INTO|UPDATE|DELETE\\s+FROM|TRUNCATE|LOCK\\s+TABLE)\\s+(?:ONLY\\s+)?"?(${models
      .map((model) => model.table)
      .join('|')})\\b"?`,
    'g',
  );
  const tables = new Set<string>();
  for (const [, delegate] of text.matchAll(delegateCall)) tables.add(tableOf.get(delegate)!);
  for (const [, table] of text.matchAll(sql)) tables.add(table);
  return tables;
}

describe('table ownership: a feature queries its own tables, others through their services', () => {
  const models = schemaModels();
  const owners = new Map(
    Object.entries(OWNED_TABLES).flatMap(([feature, tables]) => tables.map((t) => [t, feature])),
  );

  it('gives every feature its (possibly empty) list of tables', () => {
    expect(Object.keys(OWNED_TABLES).sort()).toEqual([...FEATURES].sort());
  });

  it('gives every table of the schema exactly one owner, and names only tables of the schema', () => {
    const owned = Object.values(OWNED_TABLES).flat();
    const tables = models.map((model) => model.table);
    expect(owned.filter((table, i) => owned.indexOf(table) !== i)).toEqual([]);
    // A table without an owner here: add it to the feature that writes it.
    expect(tables.filter((table) => !owners.has(table))).toEqual([]);
    expect(owned.filter((table) => !tables.includes(table))).toEqual([]);
  });

  it("queries no other feature's table outside the files listed with their reason", () => {
    const violations: string[] = [];
    for (const { file, text } of sources()) {
      const feature = file.split('/')[0];
      const allowed = FOREIGN_READS.find((entry) => entry.file === file)?.tables ?? [];
      for (const table of tablesQueried(text, models)) {
        if (owners.get(table) === feature || allowed.includes(table)) continue;
        violations.push(`src/${file} queries ${table} (owned by ${owners.get(table)}): ask its service`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('lists only foreign reads that happen, each with its reason', () => {
    const byFile = new Map(sources().map(({ file, text }) => [file, text]));
    const happening = FOREIGN_READS.map(({ file }) => {
      const text = byFile.get(file);
      if (text === undefined) return { file, tables: ['(no such file)'] };
      const feature = file.split('/')[0];
      const foreign = [...tablesQueried(text, models)].filter((table) => owners.get(table) !== feature);
      return { file, tables: foreign.sort() };
    });
    expect(happening).toEqual(
      FOREIGN_READS.map(({ file, tables }) => ({ file, tables: [...tables].sort() })),
    );
    for (const { reason } of FOREIGN_READS) expect(reason.length).toBeGreaterThan(40);
  });

  it('finds the queries it is meant to find (delegates, SQL; prose and own tables are not queries)', () => {
    const found = (text: string) => [...tablesQueried(text, models)].sort();
    expect(found('await tx.guidanceRule.findMany({ where })')).toEqual(['guidance_rule']);
    expect(found('this.prisma\n      .category\n      .findFirst({ select: { id: true } })')).toEqual([
      'category',
    ]);
    expect(
      found('prisma.$queryRaw`SELECT 1 FROM punchout_session s JOIN cart_item c ON c.session_id = s.id`'),
    ).toEqual(['cart_item', 'punchout_session']);
    expect(
      found('`INSERT INTO "user" (id) VALUES ($1)`; `UPDATE offer SET`; `DELETE FROM access_token`'),
    ).toEqual(['access_token', 'offer', 'user']);
    expect(found('// reads the offer from the product; user.email; session.user.roles.includes(x)')).toEqual(
      [],
    );
  });
});
