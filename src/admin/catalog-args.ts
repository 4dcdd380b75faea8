import { UsageError } from './cli-command';

export const MAX_DEMO_PRODUCTS = 1_000_000;

/** Validates `catalog demo` options: whole numbers, 1..1,000,000 products, seed 0..2^31-1. */
export function parseDemoArgs(
  products: unknown,
  seed: unknown,
  usage: string,
): { products: number; seed: number } {
  const count = products === undefined ? 5_000 : wholeNumber(products);
  if (count === null || count < 1 || count > MAX_DEMO_PRODUCTS) {
    throw new UsageError(
      `--products must be a whole number from 1 to ${MAX_DEMO_PRODUCTS}; usage: gateway ${usage}`,
    );
  }
  const s = seed === undefined ? 1 : wholeNumber(seed);
  if (s === null || s > 2_147_483_647) {
    throw new UsageError(`--seed must be a whole number from 0 to 2147483647; usage: gateway ${usage}`);
  }
  return { products: count, seed: s };
}

function wholeNumber(value: unknown): number | null {
  return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : null;
}
