// Module boundaries, checked by `npm run lint:deps` (part of `npm test`): scripts/lint-deps.js runs
// dependency-cruiser with this file and, on the same graph, the feature-folder cycle check.
//
// Layout (README "Code layout"):
// - Inside src/punchout: core/ (sessions, cart, return) imports no protocol (rest/, oci/, cxml/) and no
//   page (shop/); the protocols do not import each other (the two punchout-* rules below).
// - FEATURES: one folder per feature under src/. A feature may import another feature only through
//   what that feature declares public (below); everything else in its folder is its own business.
// - SHARED: libraries every feature may use (src/common, src/config, src/cxml, src/database,
//   src/logging, src/web, the generated Prisma client). They never import a feature. src/cxml is the
//   cXML envelope, body parser, header and credentials reader and Status answers that the punchout
//   setup and the order entry share.
// - Composition roots (src/app.module.ts, src/main.ts, src/bootstrap) wire features together through
//   their public files too.
// Type-only imports count (tsPreCompilationDeps): a type shared both ways is a design cycle even if
// the compiler erases it. Unit specs (*.spec.ts) may reach into what they test and are not cruised:
// nothing imports a spec, so it can never be part of a cycle.
'use strict';

const FEATURES = [
  'admin',
  'audit',
  'auth',
  'catalog',
  'catalog-import',
  'compliance',
  'demo',
  'guidance',
  'health',
  'images',
  'oauth',
  'orders',
  'product',
  'punchout',
  'rate-limit',
  'search',
  'supplier',
  'test-bench',
];
const SHARED = ['common', 'config', 'cxml', 'database', 'logging', 'web', 'generated'];

/**
 * A feature's public surface. By role, for every feature: its Nest module (`*.module.ts`), its
 * services (`*.service.ts`), the Nest pieces meant for others' routes (`*.decorator.ts`,
 * `*.guard.ts`, `*.pipe.ts`), its constants (`*.constants.ts`), its errors (`*.error.ts`) and its
 * request/response shapes (`dto/`).
 * Beyond that, each feature lists here the few files it offers on purpose (types and pure functions
 * that other features build on); a new entry is a design decision to review, not a lint fix.
 */
const PUBLIC_BY_ROLE = '\\.(module|service|decorator|guard|pipe|constants|error)\\.tsx?$|/dto/';
const PUBLIC_FILES = {
  audit: [
    'audit-event.ts', // AuditActor and the event types every audited change writes
    'audit-actor.ts', // how an actor is named (cli:<user>@<host>)
    'audit-checkpoint.ts', // signed checkpoints: parsed by the operator CLI
    'audit-signing-key.ts', // the signing key provider and key generation (CLI keygen)
    'audit-file-verifier.ts', // verifies an exported chain with no database (CLI audit verify-file)
  ],
  auth: [
    'principal.ts', // who is calling, for every authenticated route
    'access-token.repository.ts', // token lookup, shared with OAuth revocation
    'token-cache.ts', // the token cache OAuth invalidates on revocation
  ],
  catalog: [
    'catalog-version.watcher.ts', // the catalog version the product and search caches key by (CatalogModule exports it)
    'contract-view.ts', // which offers and product columns an organization's reads see (product details, search)
    'search-terms.ts', // the decompounder: imports index words with it, search reads queries with it
    'catalog.messages.ts', // availability, condition, delivery and offer texts in the caller's language
    'units.ts', // UN/ECE Rec. 20 unit names and the packaging text ("pack of 100 pieces")
    'product-facts.ts', // a product's features as facts in the caller's language, capped at read
    'vat.ts', // offers' tax: net prices, labels and cart totals (product, search and the punchout cart)
    'placeholder-image.ts', // the placeholder image of a product without its own
    'product-texts.ts', // a product's name in the reader's language and the fallback rule (API, shop, transfer)
    'image-url.ts', // stored image URLs made absolute (the demo stores paths on the gateway)
    'drawn-picture.ts', // what a drawn picture shows and its URL: the demo stores them, src/images draws them
    'import/import-records.reader.ts', // import formats (the CLI checks --format)
    'import/import-problem.ts', // a rejected import row (line, field, reason), reported by the CLI
    'supplier-import/catalog-import-report.ts', // what a supplier catalog import did (CLI, API, audit)
    'formats/supplier-item.ts', // the catalog formats and CatalogFileError (a file that cannot be used: CLI exit 1, API 422)
  ],
  'catalog-import': [
    'catalog-import-body.parser.ts', // the catalog file body parser, registered with the XML one at bootstrap (body-parsers.ts)
  ],
  guidance: [
    'guidance-evaluator.ts', // the one evaluator product details and punchout judge offers with
    'guidance-rule.ts', // the one list of effects and matchers (light: the operator CLI's help names them)
    'search-guidance.ts', // the rules as search applies them
  ],
  oauth: [
    'form-body.parser.ts', // the form body parser, registered with the JSON one at bootstrap (body-parsers.ts)
  ],
  orders: [
    'order-findings.ts', // the finding codes (and their pure rules): the console names and filters by them
  ],
  product: [
    'product.repository.ts', // the product and offer row types punchout judges and prices
    'offer.repository.ts', // exported by ProductModule: punchout reads the offers of carts and OCI functions
  ],
  punchout: [
    'oci/oci-charset.ts', // the OCI call-up's charsets: the body parsers let its Latin-1 forms through at bootstrap (body-parsers.ts)
  ],
  'rate-limit': [
    'rate-limit-policy.ts', // a named limit per window: features define their own and consume them
    'concurrency-policy.ts', // a named cap on requests at once: search defines its per-user one
  ],
  search: [
    'search-request.parser.ts', // punchout parses its search box exactly as the API does
    'search-cost.ts', // OCI BACKGROUND_SEARCH is charged to the search limits as the API's search is
  ],
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const publicPaths = Object.entries(PUBLIC_FILES).flatMap(([feature, files]) =>
  files.map((file) => `^src/${escape(feature)}/${escape(file)}$`),
);
const featureFolder = `^src/(${FEATURES.map(escape).join('|')})/`;

module.exports = {
  FEATURES,
  SHARED,
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files must not import each other in a cycle (directly or through others).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-feature-internals',
      severity: 'error',
      comment:
        "Another feature's file that it does not declare public (see PUBLIC_FILES in .dependency-cruiser.cjs): " +
        "move the shared piece to src/common (or make it part of that feature's public surface on purpose).",
      from: { path: '^src/([^/]+)' },
      to: { path: featureFolder, pathNot: ['^src/$1/', PUBLIC_BY_ROLE, ...publicPaths] },
    },
    {
      name: 'shared-not-to-features',
      severity: 'error',
      comment: 'Shared libraries are below every feature: they must not import one.',
      from: { path: `^src/(${SHARED.map(escape).join('|')})/` },
      to: { path: featureFolder },
    },
    {
      name: 'punchout-core-not-to-protocols',
      severity: 'error',
      comment:
        'The punchout core (src/punchout/core) knows protocols only through the PunchoutAdapter interface ' +
        'and the adapters PunchoutModule registers: it imports no entry, adapter or page (rest/, oci/, cxml/, shop/).',
      from: { path: '^src/punchout/core/' },
      to: { path: '^src/punchout/', pathNot: '^src/punchout/core/' },
    },
    {
      name: 'punchout-protocols-apart',
      severity: 'error',
      comment:
        'A punchout protocol (rest/, oci/, cxml/) builds on the core and the shop, never on another protocol: ' +
        'adding one touches its own folder and its registration in PunchoutModule.',
      from: { path: '^src/punchout/(rest|oci|cxml)/' },
      to: { path: '^src/punchout/(rest|oci|cxml)/', pathNot: '^src/punchout/$1/' },
    },
    {
      name: 'not-to-test',
      severity: 'error',
      comment: 'Production code must not import test support code.',
      from: { path: '^src/' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/generated/', '\\.spec\\.tsx?$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
