import { Injectable } from '@nestjs/common';
import { CatalogSearch, SearchRepository } from './search.repository';
import { CatalogVersionWatcher } from '../catalog/catalog-version.watcher';
import { ContractCatalogs } from '../catalog/contract-catalogs.service';
import type { ContractView } from '../catalog/contract-view';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { SearchGuidance, SearchGuidanceProvider } from '../guidance/search-guidance';
import { SearchResponseDto } from './dto/search-response.dto';
import { buildFacets, facetCandidates } from './search-facets.builder';
import { Language } from '../common/i18n/language';
import { SearchRequest, typoFallbackText } from './search-request.parser';
import { SearchRefusedError } from './search-refused.error';
import { SearchAdmissionService, SearchCaller } from './search-admission.service';
import { headReading } from './search-compound-heads';
import { SearchMeter } from './search-meter';
import { SearchResultCache } from './search-result-cache';
import { toSearchResult } from './search-result.mapper';
import { MARKETPLACE_NAME } from './search.messages';
import { jsonBody } from '../common/http/json-body';

/** The typo fallback ranks at most this many candidates (beyond: count relation "gte"). */
export const TYPO_COUNT_CAP = 1_000;

/**
 * Search: full-text first; when that finds nothing and the query has a German compound, the same
 * with the compound also read by its head; when that finds nothing, the same search by trigram
 * similarity of the product name (typo tolerance). Each attempt is two queries run side by side: the page, and the
 * facets over a bounded sample of the text matches.
 */
@Injectable()
export class SearchService {
  private readonly candidates = facetCandidates();
  /** Response bodies of recent searches (search-result-cache.ts; README "Search"). */
  private readonly cache: SearchResultCache;

  constructor(
    private readonly repository: SearchRepository,
    private readonly guidance: SearchGuidanceProvider,
    private readonly config: AppConfig,
    private readonly versions: CatalogVersionWatcher,
    private readonly admission: SearchAdmissionService,
    private readonly contracts: ContractCatalogs,
    clock: Clock,
  ) {
    this.cache = new SearchResultCache(config.searchCache, () => clock.now().getTime());
  }

  /**
   * The search response as an object (in-process callers: OCI background search, punchout pages); the
   * HTTP route uses `searchBody`. Admitted as `searchBody` is (`prepaidPoints` there).
   */
  async search(
    request: SearchRequest,
    caller: SearchCaller,
    language: Language,
    prepaidPoints: number | null,
  ): Promise<SearchResponseDto> {
    return this.admission.admit(caller, prepaidPoints, async (meter) => {
      const [guidance, view] = await Promise.all([
        this.guidance.forOrganization(caller.organizationId),
        this.contracts.viewOf(caller.organizationId),
      ]);
      return this.respond(request, guidance, view, language, meter);
    });
  }

  /**
   * The search response body as JSON (UTF-8): from the result cache when the same search was answered
   * under the same catalog version and guidance, else computed (once for concurrent identical searches).
   * Admitted by the caller's concurrent-search cap and charged its measured cost beyond
   * `prepaidPoints` (search-admission.service.ts).
   */
  async searchBody(
    request: SearchRequest,
    caller: SearchCaller,
    language: Language,
    prepaidPoints: number | null,
  ): Promise<Buffer> {
    return this.admission.admit(caller, prepaidPoints, async (meter) => {
      const [catalogVersion, guidance, view] = await Promise.all([
        this.versions.current(),
        this.guidance.forOrganization(caller.organizationId),
        this.contracts.viewOf(caller.organizationId),
      ]);
      const render = async (version?: string) =>
        jsonBody(await this.respond(request, guidance, view, language, meter, version));
      if (!this.cache.enabled) return render();
      // A search that joins an identical one in flight, or is answered from the cache, measures nothing.
      // Cached under catalogVersion: its reads run only where that version has been replayed. Keyed by
      // the catalog view too ("public", or the organization with a contract catalog).
      return this.cache.get(
        { catalogVersion, guidance, view: view?.organizationId ?? 'public', language, request },
        () => render(catalogVersion),
      );
    });
  }

  private async respond(
    request: SearchRequest,
    guidance: SearchGuidance,
    view: ContractView | null,
    language: Language,
    meter: SearchMeter,
    catalogVersion?: string,
  ): Promise<SearchResponseDto> {
    const base: CatalogSearch = {
      text: request.query,
      mode: 'fulltext',
      filters: request.filters,
      sort: request.sort,
      offset: (request.page - 1) * request.pageSize,
      limit: request.pageSize,
      countCap: this.config.search.countCap,
      facetSample: this.config.search.facetSample,
      featureFacets: this.config.search.featureFacets,
      guidance,
      currency: this.config.marketplaceCurrency,
      catalogVersion,
      view,
    };
    // Checked on a cache miss only: a refused search throws and is not cached.
    if (!(await this.repository.hasRequiredTerm(request.query, meter, catalogVersion)))
      throw new SearchRefusedError();
    let outcome = await this.run(base, request, meter);
    if (outcome.total === 0 && headReading(request.query) !== null) {
      // A compound no product is called, read by its head: a "Druckerpatrone" is a "Patrone".
      outcome = await this.run({ ...base, mode: 'head' }, request, meter);
    }
    const typoText = typoFallbackText(request.query);
    let cap = base.countCap;
    if (outcome.total === 0 && typoText !== '') {
      // Similarity is computed per candidate row, so the fallback looks at fewer of them.
      cap = Math.min(cap, TYPO_COUNT_CAP);
      outcome = await this.run({ ...base, mode: 'typo', text: typoText, countCap: cap }, request, meter);
    }
    const { hits, counts, total } = outcome;
    return {
      id: 'marketplace',
      name: MARKETPLACE_NAME[language],
      count: total > cap ? { value: cap, relation: 'gte' } : { value: total, relation: 'eq' },
      data: hits.map((hit) => toSearchResult(hit, language, this.config.publicUrl)),
      facets: buildFacets(counts, this.candidates, request.filters, language, base.currency),
    };
  }

  private async run(search: CatalogSearch, request: SearchRequest, meter: SearchMeter) {
    const [{ hits, total }, counts] = await Promise.all([
      this.repository.page(search, meter),
      this.repository.facets(search, this.candidates, request.filters.category?.[0] ?? null, meter),
    ]);
    return { hits, total, counts };
  }
}
