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

/**
 * Product details: the product with all its offers (from the per-process product cache, else one
 * query), flagged and ordered by the organization's buying guidance (rules from the per-process
 * cache, evaluated in memory on every request, so a rule change never waits for the product cache).
 */
@Injectable()
export class ProductService {
  private readonly cache: ProductCache;

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
    );
  }

  async details(id: string, organizationId: string, language: Language): Promise<ProductResponse> {
    const [json, rules] = await Promise.all([
      this.cache.get(id, (key) => this.repository.findJson(key)),
      this.rules.activeRules(organizationId),
    ]);
    if (json === undefined) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No product ${id}.`);
    // Parsed per request: every response works on its own copy, the cached text never changes.
    const product = JSON.parse(json) as ProductRow;
    const verdict = evaluateProduct(rules, product, product.offers, this.config.marketplaceCurrency);
    return toProductResponse(product, verdict, language, this.config.publicUrl);
  }
}
