import { getHeapStatistics } from 'node:v8';
import type { AppConfig } from '../config/app-config';

/**
 * The caches' byte budgets may take at most this share of the JavaScript heap limit: the rest is for
 * the application itself and the garbage of requests in flight (measured: about 40 MB live at idle).
 */
const CACHE_SHARE = 0.5;

/**
 * A warning when the configured cache budgets do not fit the heap this process may use, or null.
 * The Docker image caps the heap (GATEWAY_HEAP_MB, default 256) so one replica stays well under
 * 400 MB RSS; raising PRODUCT_CACHE_MAX_MB or SEARCH_CACHE_MAX_MB means raising that too, or the
 * process spends its time collecting garbage and finally stops with "heap out of memory".
 * Product rows count in the heap; rendered product bodies and search bodies are buffers outside it,
 * but their garbage still drives collection, so all three count.
 */
export function heapBudgetWarning(
  config: Pick<AppConfig, 'productCache' | 'searchCache'>,
  heapLimitBytes = getHeapStatistics().heap_size_limit,
): string | null {
  const product = config.productCache.maxEntries > 0 ? 2 * config.productCache.maxBytes : 0;
  const search = config.searchCache.maxEntries > 0 ? config.searchCache.maxBytes : 0;
  const budget = product + search;
  if (budget <= CACHE_SHARE * heapLimitBytes) return null;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return (
    `The caches may hold ${mb(budget)} MB (2 x PRODUCT_CACHE_MAX_MB for rows and rendered bodies, plus ` +
    `SEARCH_CACHE_MAX_MB), more than half of this process's ${mb(heapLimitBytes)} MB heap limit: ` +
    `raise the heap (GATEWAY_HEAP_MB in the Docker image, else node --max-old-space-size) or lower the caches.`
  );
}
