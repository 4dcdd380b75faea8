import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { sourceFiles } from '../test/support/source-files';

// Every table belongs to one feature. A feature queries only its own tables (Prisma delegates, SQL);
// another feature's rows it gets from that feature's service. The files below that query another
// feature's tables on purpose say which tables and why; a new entry is a design decision to review.

/** Feature (folder under src/) -> the tables it owns, as prisma/schema.prisma maps its models. */
const OWNED_TABLES: Record<string, string[]> = {
  admin: [],
  audit: ['audit_event', 'audit_chain_head'],
  auth: [],
  catalog: ['category', 'product', 'offer', 'contract_product', 'catalog_version', 'catalog_import'],
  'catalog-import': [],
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
  supplier: ['supplier'],
  'test-bench': [],
};

/** The files (under src/) that query other features' tables, the tables, and why not through the owner's service. */
const FOREIGN_READS: Array<{ file: string; tables: string[]; reason: string }> = [
  {
    file: 'compliance/compliance.queries.ts',
    tables: [
      'audit_event',
      'cart_item',
      'guidance_rule',
      'offer',
      'organization',
      'product',
      'punchout_session',
      'user',
    ],
    reason:
      "compliance's one queries file: the review, the console and its figures read sessions, carts, " +
      'events, offers, products, rules, users and organizations as auditors see them (joins and ' +
      'aggregates no owner offers)',
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
    tables: ['contract_product', 'offer', 'product'],
    reason:
      'product details: a product and its offers in one statement on a read replica (catalog writes them; ' +
      "an organization's contract view adds its contract_product row)",
  },
  {
    file: 'product/offer.repository.ts',
    tables: ['offer', 'product'],
    reason:
      'the offer reads (each with its product) of product details and the punchout cart, on a read ' +
      'replica (catalog writes them)',
  },
  {
    file: 'search/search.repository.ts',
    tables: ['category', 'contract_product', 'offer', 'product'],
    reason:
      'the hand-tuned search statement over the catalog, on a read replica (catalog writes it; an ' +
      "organization's contract view matches its contract part numbers in contract_product)",
  },
  {
    file: 'search/search-filters.ts',
    tables: ['category'],
    reason: "the category filter is a condition of the search statement's SQL",
  },
  {
    file: 'punchout/core/punchout-session.repository.ts',
    tables: ['oauth_client', 'offer', 'product'],
    reason:
      'the one-statement session insert checks in EXISTS that the product exists (and is not only in ' +
      "another organization's contract catalog) and the callback origin is the client's, so a session " +
      'is created in one round trip',
  },
  {
    file: 'orders/delivery/supplier-order.reader.ts',
    tables: ['organization'],
    reason:
      "the order sent to a supplier names the buyer's organization (slug, name), read with the order " +
      'in the delivering transaction',
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

interface Model {
  name: string;
  /** Its Prisma delegate: `punchoutSession`. */
  delegate: string;
  /** Its table: `punchout_session`. */
  table: string;
  /** Relation field -> the model it leads to (`cartItems` -> `CartItem`). */
  relations: Map<string, string>;
}

/** Every model of the schema with its delegate, table and relation fields. */
function schemaModels(): Model[] {
  const schema = readFileSync(SCHEMA, 'utf8');
  const bodies = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)];
  const names = new Set(bodies.map(([, name]) => name));
  return bodies.map(([, name, body]) => ({
    name,
    delegate: name[0].toLowerCase() + name.slice(1),
    table: /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? name,
    relations: new Map(
      [...body.matchAll(/^\s+(\w+)\s+(\w+)(?:\[\])?\??(?=\s|$)/gm)]
        .filter(([, , type]) => names.has(type))
        .map(([, field, type]) => [field, type]),
    ),
  }));
}

/** Every source file under src (specs and the generated client excluded), with its text. */
const sources = () => sourceFiles(SRC);

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

/**
 * The tables a text queries: Prisma delegate calls (`x.offer.findMany`), the relations such a call
 * reads (below) and SQL naming a table.
 */
function tablesQueried(text: string, models: Model[]): Set<string> {
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
  const delegateCalls = [...text.matchAll(delegateCall)];
  for (const [, delegate] of delegateCalls) tables.add(tableOf.get(delegate)!);
  for (const [, table] of text.matchAll(sql)) tables.add(table);
  // Parsed only where a delegate is called: relations are read through such a call.
  if (delegateCalls.length > 0) for (const table of relationsRead(text, models)) tables.add(table);
  return tables;
}

const RELATION_FILTERS = new Set(['some', 'every', 'none', 'is', 'isNot']);

/**
 * The tables Prisma calls reach through their model's relations: `include`/`select` of a relation
 * (`include: { user: true }`, `_count`), and relation filters in `where` (`{ user: { email } }`,
 * `{ cartItems: { some: ... } }`), at any depth. Arguments are followed where the call writes them or
 * names a constant of the file (`include: SESSION_INCLUDE`); a condition assembled at run time
 * (`where: { AND: conditions }`) is not.
 */
function relationsRead(text: string, models: Model[]): Set<string> {
  const byName = new Map(models.map((model) => [model.name, model]));
  const byDelegate = new Map(models.map((model) => [model.delegate, model]));
  const source = ts.createSourceFile('source.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const constants = new Map<string, ts.Expression>();
  const calls: Array<{ model: Model; argument: ts.Expression | undefined }> = [];
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      constants.set(node.name.text, node.initializer);
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      PRISMA_METHODS.includes(node.expression.name.text) &&
      ts.isPropertyAccessExpression(node.expression.expression)
    ) {
      const model = byDelegate.get(node.expression.expression.name.text);
      if (model) calls.push({ model, argument: node.arguments[0] });
    }
    ts.forEachChild(node, collect);
  };
  collect(source);

  const tables = new Set<string>();
  const unwrapped = (node: ts.Expression | undefined): ts.Expression | undefined => {
    while (
      node &&
      (ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node))
    )
      node = node.expression;
    return node && ts.isIdentifier(node) && constants.has(node.text)
      ? unwrapped(constants.get(node.text))
      : node;
  };
  const entries = (node: ts.Expression | undefined): Array<[string, ts.Expression]> => {
    const object = unwrapped(node);
    if (!object || !ts.isObjectLiteralExpression(object)) return [];
    return object.properties.flatMap((property) =>
      ts.isPropertyAssignment(property) &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        ? [[property.name.text, property.initializer] as [string, ts.Expression]]
        : [],
    );
  };
  const reach = (model: Model, field: string): Model | undefined => {
    const target = byName.get(model.relations.get(field) ?? '');
    if (target) tables.add(target.table);
    return target;
  };
  const readArguments = (model: Model, node: ts.Expression | undefined): void => {
    for (const [key, value] of entries(node)) {
      if (key === 'include' || key === 'select') selection(model, value);
      else if (key === 'where') filter(model, value);
    }
  };
  const selection = (model: Model, node: ts.Expression | undefined): void => {
    for (const [key, value] of entries(node)) {
      if (key === '_count') {
        for (const [countKey, counted] of entries(value))
          if (countKey === 'select') for (const [field] of entries(counted)) reach(model, field);
        continue;
      }
      const target = reach(model, key);
      if (target) readArguments(target, value);
    }
  };
  const filter = (model: Model, node: ts.Expression | undefined): void => {
    const condition = unwrapped(node);
    if (condition && ts.isArrayLiteralExpression(condition)) {
      for (const element of condition.elements) filter(model, element);
      return;
    }
    for (const [key, value] of entries(condition)) {
      if (key === 'AND' || key === 'OR' || key === 'NOT') {
        filter(model, value);
        continue;
      }
      const target = reach(model, key);
      if (!target) continue;
      const byOperator = entries(value).filter(([operator]) => RELATION_FILTERS.has(operator));
      if (byOperator.length > 0) for (const [, nested] of byOperator) filter(target, nested);
      else filter(target, value);
    }
  };
  for (const { model, argument } of calls) readArguments(model, argument);
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
    // Relations: included, selected, counted and filtered on, also through a constant of the file.
    expect(
      found(
        'const WITH = { user: true } satisfies X;\nprisma.auditConsoleLink.findUnique({ include: WITH })',
      ),
    ).toEqual(['audit_console_link', 'user']);
    expect(
      found(
        'tx.punchoutSession.findMany({ where: { OR: [{ product: { name } }, ' +
          '{ cartItems: { some: { offer: { productId } } } }] }, select: { _count: { select: { cartItems: true } } } })',
      ),
    ).toEqual(['cart_item', 'offer', 'product', 'punchout_session']);
    expect(found('prisma.user.findMany({ where: { email }, select: { id: true, email: true } })')).toEqual([
      'user',
    ]);
  });
});
