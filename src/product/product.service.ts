import { HttpStatus, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { evaluateProduct } from '../guidance/guidance-evaluator';
import { GuidanceRulesService } from '../guidance/guidance-rules.service';
import { Language } from '../common/i18n/language';
import { ProductResponse } from './dto/product.response';
import { ProductCache } from './product-cache';
import { toProductResponse } from './product.mapper';
import { ProductRepository, ProductRow } from './product.repository';

/** Freezes a parsed row and everything in it: cached rows are shared by every request. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A row as the product cache keeps it: parsed once, then immutable (a mutation throws). */
function parseRow(json: string): Readonly<ProductRow> {
  return deepFreeze(JSON.parse(json) as ProductRow);
}

/**
 * Product details: the product with all its offers (from the per-process product cache, else one
 * query), flagged and ordered by the organization's buying guidance (rules from the per-process
 * cache, evaluated in memory on every request, so a rule change never waits for the product cache).
 */
@Injectable()
export class ProductService {
  private readonly cache: ProductCache<Readonly<ProductRow>>;

  constructor(
    private readonly repository: ProductRepository,
    private readonly rules: GuidanceRulesService,
    private readonly config: AppConfig,
    clock: Clock,
  ) {
    this.cache = new ProductCache(
      config.productCache,
      () => repository.catalogVersion(),
      () => clock.now().getTime(),
      parseRow,
    );
  }

  async details(id: string, organizationId: string, language: Language): Promise<ProductResponse> {
    const [product, rules] = await Promise.all([
      this.cache.get(id, (key) => this.repository.findJson(key)),
      this.rules.activeRules(organizationId),
    ]);
    if (product === undefined) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No product ${id}.`);
    // The cached row is shared and frozen: the evaluator and the mapper build new objects from it.
    const verdict = evaluateProduct(rules, product, product.offers);
    return toProductResponse(product, verdict, language, this.config.publicUrl);
  }
}
