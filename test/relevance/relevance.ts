import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoProductKind, generateDemoProduct } from '../../src/catalog/demo/demo-catalog.generator';
import type { ProductInput } from '../../src/catalog/catalog-product.input';

/** One judged query (test/relevance/judgments.json). */
export interface Judgment {
  group: string;
  query: string;
  /** Product type keys (or `book:<category>`) with grade 2 (exactly that) or 1 (acceptable). */
  relevant?: Record<string, number>;
  /** Only products of this brand are relevant (all of them at grade 2 when `relevant` is absent). */
  brand?: string;
  /** Identifier queries: this one product is the answer. */
  product?: string;
  note?: string;
}

export interface JudgedSet {
  version: number;
  catalog: { seed: number; products: number };
  queries: Judgment[];
}

export const PAGE = 24;
const NDCG_AT = 10;

export function loadJudgments(): JudgedSet {
  return JSON.parse(readFileSync(join(__dirname, 'judgments.json'), 'utf8'));
}

interface DemoItem {
  id: string;
  kind: string;
  product: ProductInput;
}

/** The demo catalog the judgments refer to, with each product's type. */
export function demoCatalog(seed: number, products: number): Map<string, DemoItem> {
  const items = new Map<string, DemoItem>();
  for (let index = 0; index < products; index++) {
    const product = generateDemoProduct(seed, index);
    items.set(product.id, { id: product.id, kind: demoProductKind(seed, index), product });
  }
  return items;
}

/** The grade of a product for a judgment (0 = not relevant). */
export function gradeOf(judgment: Judgment, item: DemoItem | undefined): number {
  if (!item) return 0;
  if (judgment.product !== undefined) return item.id === judgment.product ? 2 : 0;
  if (judgment.brand !== undefined && item.product.brand !== judgment.brand) return 0;
  if (judgment.relevant === undefined) return 2;
  return judgment.relevant[item.kind] ?? 0;
}

export interface QueryScore {
  judgment: Judgment;
  recall: number;
  ndcg: number;
  relevantTotal: number;
  /** Whether the first result is relevant at the highest grade (exactly what was asked for). */
  firstRelevant: boolean;
}

/**
 * recall@24: relevant products on the first page / min(24, relevant products in the catalog);
 * NDCG@10 with gains 2^grade - 1 against the ideal order of the catalog's relevant products.
 */
export function score(judgment: Judgment, resultIds: string[], catalog: Map<string, DemoItem>): QueryScore {
  const grades = [...catalog.values()].map((item) => gradeOf(judgment, item)).filter((g) => g > 0);
  if (grades.length === 0)
    throw new Error(`judgment "${judgment.query}" has no relevant product in the catalog`);
  const page = resultIds.slice(0, PAGE).map((id) => gradeOf(judgment, catalog.get(id)));
  const recall = page.filter((g) => g > 0).length / Math.min(PAGE, grades.length);
  const dcg = (gs: number[]) =>
    gs.slice(0, NDCG_AT).reduce((sum, g, i) => sum + (Math.pow(2, g) - 1) / Math.log2(i + 2), 0);
  const ideal = dcg(grades.sort((a, b) => b - a));
  return {
    judgment,
    recall,
    ndcg: dcg(page) / ideal,
    relevantTotal: grades.length,
    firstRelevant: page.length > 0 && page[0] === Math.max(...grades),
  };
}

export interface GroupScore {
  group: string;
  queries: number;
  recall: number;
  ndcg: number;
}

export function byGroup(scores: QueryScore[]): GroupScore[] {
  const groups = new Map<string, QueryScore[]>();
  for (const s of scores) groups.set(s.judgment.group, [...(groups.get(s.judgment.group) ?? []), s]);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const rows = [...groups].map(([group, ss]) => ({
    group,
    queries: ss.length,
    recall: mean(ss.map((s) => s.recall)),
    ndcg: mean(ss.map((s) => s.ndcg)),
  }));
  rows.push({
    group: 'all',
    queries: scores.length,
    recall: mean(scores.map((s) => s.recall)),
    ndcg: mean(scores.map((s) => s.ndcg)),
  });
  return rows;
}

export function report(scores: QueryScore[]): string {
  const lines = ['group            queries  recall@24  NDCG@10'];
  for (const g of byGroup(scores)) {
    lines.push(
      `${g.group.padEnd(16)} ${String(g.queries).padStart(7)}  ${g.recall.toFixed(3).padStart(9)}  ${g.ndcg.toFixed(3).padStart(7)}`,
    );
  }
  const weak = scores.filter((s) => s.recall < 0.9 || s.ndcg < 0.8 || !s.firstRelevant);
  if (weak.length > 0) {
    lines.push('', 'queries below recall 0.9 or NDCG 0.8:');
    for (const s of weak)
      lines.push(
        `  [${s.judgment.group}] ${s.judgment.query}: recall ${s.recall.toFixed(2)}, NDCG ${s.ndcg.toFixed(2)}${s.firstRelevant ? '' : ', first result not relevant'}`,
      );
  }
  return lines.join('\n');
}
