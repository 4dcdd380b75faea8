import { HttpStatus, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../common/http/api-error';
import { ContractCatalogs } from '../catalog/contract-catalogs.service';
import { AppConfig } from '../config/app-config';
import { Clock } from '../common/clock/clock';
import { evaluateProduct, GuidanceRuleSpec } from '../guidance/guidance-evaluator';
import { GuidanceRulesService } from '../guidance/guidance-rules.service';
import { Language } from '../common/i18n/language';
import { ProductResponse } from './dto/product.response';
import { ProductCache } from './product-cache';
import { toProductResponse } from './product.mapper';
import { ProductRepository, ProductRow } from './product.repository';
import { jsonBody } from '../common/http/json-body';

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
 * The row without offers whose validity has ended since it was read (the offer-validity maintenance
 * withdraws them within its interval; until then a cached row must not offer them). The same object
 * when none has ended, as almost always: the rendered-body cache keeps working.
 */
function withoutEndedOffers(row: Readonly<ProductRow>, now: number): Readonly<ProductRow> {
  const ended = (offer: ProductRow['offers'][number]) => !!offer.validTo && Date.parse(offer.validTo) < now;
  if (!row.offers.some(ended)) return row;
  return Object.freeze({
    ...row,
    offers: Object.freeze(row.offers.filter((offer) => !ended(offer))) as ProductRow['offers'],
  });
}

/** A rendered response body and what it was rendered from (a hit must match both by identity). */
interface Rendered {
  row: Readonly<ProductRow>;
  rules: readonly GuidanceRuleSpec[];
  body: Buffer;
}

/**
 * Product details: the product with all its offers (from the per-process product cache, else one
 * query), flagged and ordered by the organization's buying guidance (rules from the per-process
 * cache, evaluated in memory on every request, so a rule change never waits for the product cache).
 */
@Injectable()
export class ProductService {
  private readonly cache: ProductCache<Readonly<ProductRow>>;
  /**
   * The last rendered body (UTF-8) per product and language. A body is a pure function of the row,
   * the organization's rule list and the language, and both are immutable objects that are replaced
   * (never changed) when the catalog or the rules change: so a body is reused only while it was
   * rendered from the very same row and rule-list objects, and is otherwise rendered again. That
   * skips evaluating, mapping and serializing for popular products (most of a cached request's
   * work). Bounded like the row cache (entries, and the same byte budget counted in UTF-8 bytes).
   */
  private readonly rendered: LRUCache<string, Rendered> | undefined;

  constructor(
    private readonly repository: ProductRepository,
    private readonly rules: GuidanceRulesService,
    private readonly contracts: ContractCatalogs,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.cache = new ProductCache(config.productCache, () => repository.catalogVersion(), parseRow);
    if (config.productCache.maxEntries > 0) {
      this.rendered = new LRUCache<string, Rendered>({
        max: config.productCache.maxEntries,
        maxSize: config.productCache.maxBytes,
        sizeCalculation: (entry, key) => entry.body.length + key.length,
      });
    }
  }

  /** Product details as an object (in-process callers); the HTTP route uses `detailsBody`. */
  async details(id: string, organizationId: string, language: Language): Promise<ProductResponse> {
    const [product, rules] = await this.productAndRules(id, organizationId);
    return this.render(product, rules, language);
  }

  /**
   * The product with the offers the organization sees, from the per-process row cache (shared and
   * frozen: read, never change), or undefined: the punchout pages read products the way product
   * details do. Rows are cached per view: "public" (the marketplace's offers, shared by every
   * organization without a contract catalog) or the organization's own, so no view reaches another.
   */
  async row(id: string, organizationId: string): Promise<Readonly<ProductRow> | undefined> {
    const view = await this.viewOf(organizationId);
    const row = await this.cache.get(`${view ?? 'public'}:${id}`, (_key, catalogVersion) =>
      this.repository.findJson(id, view, catalogVersion),
    );
    return row && withoutEndedOffers(row, this.clock.now().getTime());
  }

  /** The organization when it has a contract catalog (its own view), else null (the marketplace's). */
  private async viewOf(organizationId: string): Promise<string | null> {
    return (await this.contracts.hasContractOffers(organizationId)) ? organizationId : null;
  }

  /** The product details response body as JSON (UTF-8), rendered or reused (see `rendered`). */
  async detailsBody(id: string, organizationId: string, language: Language): Promise<Buffer> {
    const [product, rules] = await this.productAndRules(id, organizationId);
    // Keyed by the row's view as well, so views do not push each other's bodies out.
    const key = `${language}:${(await this.viewOf(organizationId)) ?? 'public'}:${id}`;
    const hit = this.rendered?.get(key);
    if (hit && hit.row === product && hit.rules === rules) return hit.body;
    const body = jsonBody(this.render(product, rules, language));
    this.rendered?.set(key, { row: product, rules, body });
    return body;
  }

  private async productAndRules(
    id: string,
    organizationId: string,
  ): Promise<[Readonly<ProductRow>, readonly GuidanceRuleSpec[]]> {
    const [product, rules] = await Promise.all([
      this.row(id, organizationId),
      this.rules.activeRules(organizationId),
    ]);
    if (product === undefined) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No product ${id}.`);
    return [product, rules];
  }

  /** The response object: the cached row is shared and frozen, evaluator and mapper build new objects. */
  private render(
    product: Readonly<ProductRow>,
    rules: readonly GuidanceRuleSpec[],
    language: Language,
  ): ProductResponse {
    // The marketplace currency is configuration, fixed for the process: the body stays a function
    // of row, rules and language.
    const verdict = evaluateProduct(rules, product, product.offers, this.config.marketplaceCurrency);
    return toProductResponse(product, verdict, language, this.config.publicUrl);
  }
}
