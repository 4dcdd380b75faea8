import { writeFileSync } from 'node:fs';
import { CatalogService } from '../../src/catalog/catalog.service';
import { createClient, createOrganization, createUser } from '../factories/identity.factory';
import { bearer, issueTestToken } from '../support/auth';
import { Json, bodyOf } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { PAGE, QueryScore, byGroup, demoCatalog, loadJudgments, report, score } from './relevance';

/**
 * The judged relevance set (judgments.json) against the demo catalog it was written for. The
 * floors are the targets; `npm run bench -- relevance` prints the same report per group.
 */
const RECALL_FLOOR = 0.9;
const NDCG_FLOOR = 0.8;
/** The compound-head group's own recall floor (its ranking is held to NDCG_FLOOR). */
const HEAD_GROUP_RECALL_FLOOR = 0.85;

describe('search relevance (judged set)', () => {
  const judged = loadJudgments();
  let t: TestApp;
  let token: string;
  const scores: QueryScore[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(CatalogService).generateDemo(judged.catalog);
    const organization = await createOrganization(t.prisma);
    const { client } = await createClient(t.prisma, organization);
    token = await issueTestToken(t.prisma, await createUser(t.prisma, organization), client);
    const catalog = demoCatalog(judged.catalog.seed, judged.catalog.products);
    for (const judgment of judged.queries) {
      const query = new URLSearchParams({ query: judgment.query, pageSize: String(PAGE) });
      const response = await fetch(`${t.baseUrl}/api/v1/marketplace/search?${query}`, {
        headers: { ...bearer(token), 'Accept-Language': 'de' },
      });
      const body: Json = await bodyOf(response);
      scores.push(score(judgment, response.status === 200 ? body.data.map((r: Json) => r.id) : [], catalog));
    }
    const text = report(scores);
    if (process.env.RELEVANCE_REPORT_FILE) writeFileSync(process.env.RELEVANCE_REPORT_FILE, `${text}\n`);
  }, 180_000);
  afterAll(() => t.close());

  it('has at least 80 judged queries in every judged group', () => {
    expect(judged.queries.length).toBeGreaterThanOrEqual(80);
    expect(new Set(judged.queries.map((q) => q.group))).toEqual(
      new Set([
        'type-de',
        'type-en',
        'compound-part',
        'compound-whole',
        'compound-head',
        'compound-modifier',
        'brand',
        'identifier',
        'misspelling',
        'phrase',
        'exclusion',
      ]),
    );
  });

  it(`reaches recall@24 >= ${RECALL_FLOOR} and NDCG@10 >= ${NDCG_FLOOR} over the set`, () => {
    const all = byGroup(scores).find((g) => g.group === 'all')!;
    // The report names the weak queries when the floor is missed.
    if (all.recall < RECALL_FLOOR || all.ndcg < NDCG_FLOOR) throw new Error(report(scores));
    expect(all.recall).toBeGreaterThanOrEqual(RECALL_FLOOR);
    expect(all.ndcg).toBeGreaterThanOrEqual(NDCG_FLOOR);
  });

  it('finds the thing a German compound names, not what its modifier names (druckerpatrone: cartridges)', () => {
    const heads = scores.filter((s) => s.judgment.group === 'compound-head');
    expect(heads.length).toBeGreaterThanOrEqual(15);
    const group = byGroup(heads).find((g) => g.group === 'all')!;
    // The ranking is the point here (what the head names first); recall of the group is lower
    // (0.87 when written: "netzwerkdrucker" finds the printers whose texts have both parts, the head
    // is read alone only when the compound finds nothing) and is held over the whole set above.
    if (group.ndcg < NDCG_FLOOR || group.recall < HEAD_GROUP_RECALL_FLOOR) throw new Error(report(heads));
    expect(group.ndcg).toBeGreaterThanOrEqual(NDCG_FLOOR);
    expect(group.recall).toBeGreaterThanOrEqual(HEAD_GROUP_RECALL_FLOOR);
  });

  it('ranks what a word names above what has it only as a modifier (tisch: desks before a Schreibtisch-Organizer)', () => {
    const modifiers = scores.filter((s) => s.judgment.group === 'compound-modifier');
    expect(modifiers.length).toBeGreaterThanOrEqual(6);
    const group = byGroup(modifiers).find((g) => g.group === 'all')!;
    // Every query's first result is what the word names, and the group ranks at the set's floor.
    const wrongFirst = modifiers.filter((s) => !s.firstRelevant).map((s) => s.judgment.query);
    if (wrongFirst.length > 0 || group.ndcg < NDCG_FLOOR) throw new Error(report(modifiers));
    expect(wrongFirst).toEqual([]);
    expect(group.ndcg).toBeGreaterThanOrEqual(NDCG_FLOOR);
  });

  it('puts the product first for every identifier query', () => {
    const misses = scores
      .filter((s) => s.judgment.group === 'identifier' && s.ndcg < 1)
      .map((s) => s.judgment.query);
    expect(misses).toEqual([]);
  });
});
