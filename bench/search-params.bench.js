// `npm run bench -- search-params [ref]`: what reading a search's parameters costs on every search,
// no database: the request schema (SearchParamsDto through parseSearchRequest) beside the hand
// parser it replaced (parseSearchRequest as of git ref `ref`, default the commit before the schema,
// built from `git show` into a temporary folder) and a plain baseline (URLSearchParams of the same
// query strings), interleaved in the same run, median of 5 rounds.
'use strict';
/* global URLSearchParams */
const { execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { report } = require('./support/bench-env');

const ROOT = join(__dirname, '..');
const dist = (path) => require(join(ROOT, 'dist', path));

// What buyers send: a plain query, a filtered and sorted page, several facets.
const QUERY_STRINGS = [
  'query=kugelschreiber%20blau',
  'query=paper%20a4&page=3&pageSize=12&sort=price-asc&category=office-supplies&price=0-10&price=10-20',
  'query=stapler%20-red&availability=in_stock&review-rating=4&is_prime=true',
];
const PARAMS = QUERY_STRINGS.map((qs) => {
  const params = {};
  for (const [name, value] of new URLSearchParams(qs)) {
    params[name] = name in params ? [].concat(params[name], value) : value;
  }
  return params;
});

/** The hand parser of `ref` compiled on its own (it needs only search-filters' facet ids and the catalog constants). */
function handParser(ref) {
  const dir = join(tmpdir(), `search-params-before-${ref.replace(/[^\w]/g, '_')}`);
  mkdirSync(join(dir, 'search'), { recursive: true });
  mkdirSync(join(dir, 'catalog'), { recursive: true });
  const show = (path) => execFileSync('git', ['show', `${ref}:${path}`], { cwd: ROOT, encoding: 'utf8' });
  const ts = require('typescript');
  const compile = (source) =>
    ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    }).outputText;
  writeFileSync(
    join(dir, 'search/search-request.parser.js'),
    compile(show('src/search/search-request.parser.ts')),
  );
  // search-filters' validation part only: the SQL half needs Prisma, which the parser never calls.
  const filters = show('src/search/search-filters.ts').replace(
    /import \{ Prisma \}.*\n/,
    'const Prisma = { sql: () => null, join: () => null };\n',
  );
  writeFileSync(join(dir, 'search/search-filters.js'), compile(filters));
  writeFileSync(join(dir, 'catalog/catalog.constants.js'), compile(show('src/catalog/catalog.constants.ts')));
  return require(join(dir, 'search/search-request.parser.js')).parseSearchRequest;
}

function round(fn, n) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(i % PARAMS.length);
  return n / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function main(args) {
  const ref = args[0] ?? 'ec0178c';
  const before = handParser(ref);
  const { parseSearchRequest } = dist('search/search-request.parser');
  const rows = {
    'baseline: URLSearchParams of the query string': (i) => new URLSearchParams(QUERY_STRINGS[i]),
    [`before (${ref}): the hand parser`]: (i) => {
      if (!before(PARAMS[i], QUERY_STRINGS[i]).ok) throw new Error('refused');
    },
    'after: the request schema (zod 4)': (i) => {
      if (!parseSearchRequest(PARAMS[i], QUERY_STRINGS[i]).ok) throw new Error('refused');
    },
  };
  for (const fn of Object.values(rows)) round(fn, 30_000); // warm-up
  const rates = Object.fromEntries(Object.keys(rows).map((name) => [name, []]));
  for (let r = 0; r < 5; r++)
    for (const [name, fn] of Object.entries(rows)) rates[name].push(round(fn, 100_000));
  const median = (values) => values.sort((a, b) => a - b)[2];
  const baseline = median([...rates[Object.keys(rows)[0]]]);
  report(
    'Search parameters, parses per second (median of 5 rounds of 100,000)',
    Object.entries(rates).map(([step, values]) => {
      const rate = median(values);
      return {
        step,
        'parses/s': Math.round(rate),
        'µs per parse': (1e6 / rate).toFixed(2),
        'vs baseline': `${Math.round((rate / baseline) * 100)}%`,
      };
    }),
  );
}

module.exports = { main };
