import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { evaluateProduct } from '../guidance/guidance-evaluator';
import { GuidanceRulesService } from '../guidance/guidance-rules.service';
import { Language } from '../common/i18n/language';
import { ProductResponse } from './dto/product.response';
import { toProductResponse } from './product.mapper';
import { ProductRepository } from './product.repository';

/**
 * Product details: the product with all its offers (one query), flagged and ordered by the
 * organization's buying guidance (rules from the per-process cache, evaluated in memory).
 */
@Injectable()
export class ProductService {
  constructor(
    private readonly repository: ProductRepository,
    private readonly rules: GuidanceRulesService,
    private readonly config: AppConfig,
  ) {}

  async details(id: string, organizationId: string, language: Language): Promise<ProductResponse> {
    const [product, rules] = await Promise.all([
      this.repository.findWithOffers(id),
      this.rules.activeRules(organizationId),
    ]);
    if (!product) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No product ${id}.`);
    const verdict = evaluateProduct(rules, product, product.offers, this.config.marketplaceCurrency);
    return toProductResponse(product, verdict, language, this.config.publicUrl);
  }
}
