import { Injectable } from '@nestjs/common';
import type { QueryResult } from 'pg';
import { AppConfig } from '../config/app-config';
import { inPoolTransaction } from '../database/pool-transaction';
import { ReadReplicas } from '../database/replicas/read-replicas.service';
import type { SearchGuidance } from '../guidance/search-guidance';
import { Prisma } from '../generated/prisma/client';
import { ContractView, offerSeen, productsSeen } from '../catalog/contract-view';
import { identifierQuery, queryAlternatives } from '../catalog/search-terms';
import {
  FacetId,
  FilterId,
  featureFacetId,
  featureKeyOf,
  facetPredicate,
  facetValuePredicate,
  isFeatureFacetId,
  priceRangeEdges,
} from './search-filters';
import { compoundHeadStems, headReading, namedWordStem, partsReading } from './search-compound-heads';
import { SearchMeter } from './search-meter';
import type { SearchSort } from './search-request.parser';
import { isStatementTimeout, searchTimeoutError, searchTransactionBegin } from './search-timeout';

type Sql = Prisma.Sql;
const { sql } = Prisma;

/**
 * How the text matches: PostgreSQL full-text search; the same with German compounds also read by
 * their head, when that finds nothing ("druckerpatrone" as "patrone"); or trigram similarity as
 * typo fallback.
 */
export type MatchMode = 'fulltext' | 'head' | 'typo';

export interface CatalogSearch {
  text: string;
  mode: MatchMode;
  /** Selected facet values (feature facets too); values of one facet OR, facets AND. */
  filters: Partial<Record<FilterId, string[]>>;
  /** The result order (search-request.parser.ts); the matches considered are the same for every order. */
  sort: SearchSort;
  offset: number;
  limit: number;
  countCap: number;
  facetSample: number;
  /** At most this many feature facets are chosen (SEARCH_FEATURE_FACETS; 0: none). */
  featureFacets: number;
  guidance: SearchGuidance;
  /**
   * The marketplace currency (ISO 4217): results show an offer in it when they have a buyable one,
   * and the price filter and facet compare the shown price in it (README, "Search").
   */
  currency: string;
  /**
   * The catalog version a cache keys this search's result by: its reads then run only where that
   * version has been replayed (read-replicas.service.ts). Undefined: not cached, any usable replica.
   */
  catalogVersion?: string;
  /**
   * The catalog the caller's organization sees (catalog/contract-view.ts): null, the marketplace's (the
   * query is the one it has always been); else its contract view, whose offer columns come from its
   * contract_product rows and whose offers include its contract offers in place of replaced ones.
   */
  view: ContractView | null;
}

export interface SearchHit {
  id: string;
  /** The stored name, and the names per language (`{de: {name}, en: {name}}`, product-texts.ts) the mapper picks from. */
  name: string;
  names: unknown;
  productCode: string;
  starRating: number | null;
  availability: string | null;
  images: unknown;
  vendor: string | null;
  price: string | null;
  currency: string | null;
  quantityDiscounts: boolean;
  deliveryDays: number | null;
  /** The shown offer's VAT facts (rate as decimal text or null) and vendor tax text. */
  vatRate: string | null;
  priceIncludesVat: boolean;
  priceTaxLabel: string | null;
  preferred: boolean;
  blocked: boolean;
}

/** A value id of a facet whose count is asked for, with the predicate that defines it. */
export interface FacetCandidate {
  facet: FacetId;
  value: string;
}

export interface FacetCounts {
  /** Per candidate, in order: how many sampled matches it would leave (other facets' filters applied). */
  candidates: number[];
  /** Child categories below the deepest selected category (or roots) among the sample. */
  categories: Array<{ id: string; nameEn: string; nameDe: string; n: number }>;
  /** The selected category's ancestors and itself, root first. */
  categoryTrail: Array<{ id: string; nameEn: string; nameDe: string }>;
  brands: Array<{ id: string; name: string; n: number }>;
  /** Feature facets, most shared first: each value with one product's texts of it (name per language, unit). */
  features: FeatureFacetCounts[];
  /** Whether the sample held every match (fewer than its limit): the counts are then exact. */
  complete: boolean;
}

/** A feature facet's material: its key, its name and its values as the sampled products state them. */
export interface FeatureFacetCounts {
  key: string;
  name: LocalizedFeatureText;
  values: Array<{ id: string; name: LocalizedFeatureText; unit: string | null; n: number }>;
}
export type LocalizedFeatureText = Partial<Record<'de' | 'en', string>>;

const MAX_BRANDS = 20;
/** Values listed per feature facet, most frequent first (as brands). */
export const MAX_FEATURE_VALUES = 20;
/**
 * How feature facets are chosen (docs/search.md, "Feature facets"): within the selected category, or
 * else the one category holding at least this share of the sampled matches, the features that at least
 * FEATURE_MIN_SHARE of the matches there carry.
 */
export const FEATURE_CATEGORY_SHARE = { num: 2, den: 3 } as const;
export const FEATURE_MIN_SHARE = { num: 1, den: 2 } as const;
/**
 * Features are chosen over at most this many of those matches, and a broad search's feature values
 * (the sample is not every match, so no counts are shown) are listed from as many: each match carries
 * some 20 features, so every match read costs twenty rows. Below the facet sample values are counted
 * over every match, exactly.
 */
export const FEATURE_KEY_SAMPLE = 200;
/**
 * A compound ending in a head's stem, as POSIX regex around it: two letters or a hyphen before (a
 * modifier: "Tintenpatrone", "HDMI-Kabel"; "Pipette tips" does not count as a pipette), up to 3
 * letters after (its inflection), then the end of the word.
 */
const COMPOUND_BEFORE_HEAD = '(?:[[:alpha:]]{2}|[[:alnum:]]-)';
const HEAD_WORD_END = String.raw`[[:alpha:]]{0,3}\M`;
/**
 * The end of a word that names the thing: up to 3 letters of inflection, then neither a letter nor a
 * hyphen (a modifier goes on: "Kabel" in "kabelgebunden", "Tisch" in "Schreibtisch-Organizer").
 */
const NAMING_WORD_END = String.raw`[[:alpha:]]{0,3}(?![[:alnum:]-])`;

/**
 * The hand-tuned search SQL. Filtering, ranking and facets read only the product table (its
 * denormalized search columns); offers are read for the page's rows only, where the guidance
 * predicates pick the best non-blocked offer.
 */
@Injectable()
export class SearchRepository {
  constructor(
    private readonly replicas: ReadReplicas,
    private readonly config: AppConfig,
  ) {}

  /**
   * The page and the bounded count in one scan: the matches (text and filters) are collected up
   * to countCap + 1 with their rank, counted, and the page is the top of them. Beyond the cap the
   * count is a lower bound and the ranking considers the first countCap + 1 matches (or as many
   * as the requested page needs).
   */
  async page(search: CatalogSearch, meter?: SearchMeter): Promise<{ total: number; hits: SearchHit[] }> {
    const { guidance } = search;
    // The matches carry only what ranking needs (id, rank, boost); the page's 24 rows are read in
    // full afterwards, so wide columns (images, names) are never copied for thousands of matches.
    const query = sql`
      WITH matches AS MATERIALIZED (
        SELECT p.id, ${guidance.productPreferred} AS product_preferred, ${rankOf(search)} AS rank,
               ${sortKeyOf(search)} AS sort_key
          FROM ${productsSeen(search.view)}
         WHERE ${matchOf(search)} AND ${filtersExcept(search, null, rangeTestPriceOf(search, search.filters.price ?? []))}
         LIMIT ${Math.max(search.countCap + 1, search.offset + search.limit)}
      ), top AS (
        SELECT * FROM matches ORDER BY ${orderOf(search.sort, sql``)}
         LIMIT ${search.limit} OFFSET ${search.offset}
      )
      SELECT (SELECT count(*)::int FROM matches) AS total, p.id, p.name, p.product_code, p.star_rating,
             json_build_object('de', json_build_object('name', p.texts #>> '{de,name}'),
                               'en', json_build_object('name', p.texts #>> '{en,name}')) AS names,
             p.availability::text AS availability, p.images, r.product_preferred,
             bo.vendor, bo.price::text AS price, bo.currency, bo.tiers, bo.delivery_days, bo.price_tax_label,
             bo.vat_rate::text AS vat_rate, bo.price_includes_vat,
             coalesce(bo.blocked, false) AS blocked, coalesce(bo.preferred, false) AS offer_preferred
        FROM (SELECT 1) one
        LEFT JOIN top r ON TRUE
        LEFT JOIN product p ON p.id = r.id
        LEFT JOIN LATERAL (
          -- The shown offer: the first in buyer order (guidance-offer-order.ts).
          SELECT o.vendor, o.price, o.currency, o.quantity_tiers <> '[]'::jsonb AS tiers, o.delivery_days,
                 o.price_tax_label, o.vat_rate, o.price_includes_vat, ${guidance.offerBlocked} AS blocked, ${guidance.offerPreferred} AS preferred
            FROM offer o
           WHERE o.product_id = p.id AND ${offerSeen('o', viewer(search))}
           ORDER BY ${guidance.offerOrder(search.currency)}
           LIMIT 1
        ) bo ON TRUE
       ORDER BY ${orderOf(search.sort, sql`r.`)}`;
    const { rows } = await this.run(query, meter, search.catalogVersion);
    const total: number = rows[0]?.total ?? 0;
    const hits = rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id,
        name: row.name,
        names: row.names,
        productCode: row.product_code,
        starRating: row.star_rating,
        availability: row.availability,
        images: row.images,
        vendor: row.vendor,
        price: row.price,
        currency: row.currency,
        quantityDiscounts: row.tiers === true,
        deliveryDays: row.delivery_days,
        vatRate: row.vat_rate,
        priceIncludesVat: row.price_includes_vat === true,
        priceTaxLabel: row.price_tax_label,
        // The shown offer's flag: it already includes product-level preferences, and a product
        // whose offers are all blocked is never preferred (guidance-evaluator.ts).
        preferred: row.offer_preferred === true,
        blocked: row.blocked === true,
      }));
    return { total, hits };
  }

  /**
   * Runs a search query with planner settings that suit it. The product table is kept in category
   * order (CatalogService.optimizeLayout), so matches cluster while the planner assumes they are
   * spread evenly: for "the first N matches" it would pick a sequential scan that may read much of
   * the table before it finds them (and, with synchronized scans, starts at a random block).
   * Every search predicate has an index (GIN full-text, trigram), so sequential scans are
   * disabled; JIT compilation costs more than these short queries take. The statement's own time
   * (not the wait for a connection) goes to `meter`, also when it fails or times out.
   */
  /**
   * One statement in the search's read-only transaction, on a replica when one is usable (and has
   * replayed `catalogVersion`, when the result will be cached under it), else on the primary.
   */
  private async run(query: Sql, meter?: SearchMeter, catalogVersion?: string): Promise<QueryResult> {
    try {
      return await this.replicas.read(
        (pool) =>
          inPoolTransaction(
            pool,
            async (client) => {
              const started = performance.now();
              try {
                return await client.query({ text: query.text, values: query.values });
              } finally {
                meter?.add(performance.now() - started);
              }
            },
            searchTransactionBegin(this.config.search.statementTimeoutMs),
          ),
        catalogVersion,
      );
    } catch (error) {
      throw isStatementTimeout(error) ? searchTimeoutError() : error;
    }
  }

  /**
   * Whether the full-text query has a term a match must contain. Without one (only -exclusions,
   * stop words or punctuation, or a word ORed with an exclusion) PostgreSQL's query tree is 'T'
   * (matches everything) or empty, and a search would scan the whole catalog: PostgreSQL's own
   * reading decides, so the answer agrees with the search itself. One short statement, no table read.
   */
  async hasRequiredTerm(text: string, meter?: SearchMeter, catalogVersion?: string): Promise<boolean> {
    // Under the search's own statement timeout: the query functions are the search's. Where the
    // search's other statements run (the functions come with the catalog's migrations).
    const { rows } = await this.run(
      sql`SELECT querytree(${textQuery(text)}) NOT IN ('T', '') AS ok`,
      meter,
      catalogVersion,
    );
    return rows[0]?.ok === true;
  }

  /** Facet material over a bounded sample of the text matches, in one round trip. */
  async facets(
    search: CatalogSearch,
    candidates: FacetCandidate[],
    selectedCategory: string | null,
    meter?: SearchMeter,
  ): Promise<FacetCounts> {
    // The sample carries each row's shown price (or its stand-in for this query's price ranges,
    // computed once per row), which price predicates read.
    const shown = sql`p.shown_price`;
    const priceValues = [
      ...candidates.filter((c) => c.facet === 'price').map((c) => c.value),
      ...(search.filters.price ?? []),
    ];
    const counts = candidates.map(
      (c) =>
        sql`count(*) FILTER (WHERE ${filtersExcept(search, c.facet, shown)} AND ${facetValuePredicate(c.facet, c.value, shown)})`,
    );
    const countList = counts.length ? Prisma.join(counts, ', ') : sql`0`;
    const trail = selectedCategory
      ? sql`(SELECT c.path FROM category c WHERE c.id = ${selectedCategory})`
      : sql`'/'`;
    const query = sql`
      WITH m AS MATERIALIZED (
        SELECT p.id, p.feature_terms, p.category_path, p.best_price, p.availability, p.fastest_delivery_days, p.star_rating, p.is_prime,
               p.cpf_eligible, p.brand_key, p.brand, p.conditions, ${rangeTestPriceOf(search, priceValues)} AS shown_price
          FROM ${productsSeen(search.view)}
         WHERE ${matchOf(search)}
         LIMIT ${sampleLimit(search)}
      ), trail AS (SELECT coalesce(${trail}, '/') AS path)${featureCtes(search, selectedCategory !== null)}
      SELECT
        (SELECT count(*) FROM m) AS sampled,
        (SELECT json_build_array(${countList}) FROM m p) AS candidates,
        (SELECT coalesce(json_agg(json_build_object('id', c.id, 'nameEn', c.name_en, 'nameDe', c.name_de, 'n', x.n)
                          ORDER BY x.n DESC, c.id), '[]')
           FROM (SELECT split_part(substr(p.category_path, length(t.path) + 1), '/', 1) AS id, count(*) AS n
                   FROM m p, trail t
                  WHERE p.category_path LIKE t.path || '%' AND ${filtersExcept(search, 'category', shown)}
                  GROUP BY 1) x
           JOIN category c ON c.id = x.id) AS categories,
        (SELECT coalesce(json_agg(json_build_object('id', c.id, 'nameEn', c.name_en, 'nameDe', c.name_de)
                          ORDER BY c.depth), '[]')
           FROM category c, trail t WHERE t.path <> '/' AND t.path LIKE c.path || '%') AS trail,
        (SELECT coalesce(json_agg(b ORDER BY b.n DESC, b.id), '[]') FROM (
           SELECT p.brand_key AS id, min(p.brand) AS name, count(*) AS n
             FROM m p WHERE p.brand_key IS NOT NULL AND ${filtersExcept(search, 'lbr_brands_browse-bin', shown)}
            GROUP BY p.brand_key ORDER BY n DESC, p.brand_key LIMIT ${MAX_BRANDS}) b) AS brands,
        ${featureColumn(search)} AS features`;
    const { rows } = await this.run(query, meter, search.catalogVersion);
    const row = rows[0];
    return {
      candidates: (row.candidates as Array<number | string>).map(Number),
      categories: (row.categories as FacetCounts['categories']).map((c) => ({ ...c, n: Number(c.n) })),
      categoryTrail: row.trail,
      brands: (row.brands as FacetCounts['brands']).map((b) => ({ ...b, n: Number(b.n) })),
      features: featureFacetsOf(row.features as FeatureValueRow[]),
      complete: Number(row.sampled) < sampleLimit(search),
    };
  }
}

/** How many text matches the facets are computed over at most: fewer matches are all of them (exact counts). */
function sampleLimit(search: CatalogSearch): number {
  return Math.min(search.facetSample, search.countCap);
}

/** The organization whose contract offers the search sees, or null (the marketplace's offers only). */
function viewer(search: CatalogSearch): string | null {
  return search.view?.organizationId ?? null;
}

function matchOf(search: CatalogSearch): Sql {
  if (search.mode === 'typo') return sql`p.offer_count > 0 AND gw_normalize(${search.text}) <% p.search_name`;
  const text = sql`p.search_vector @@ ${textQuery(search.text, search.mode === 'head')}`;
  const contract = contractPartNumberMatch(search);
  return contract === null
    ? sql`p.offer_count > 0 AND ${text}`
    : sql`p.offer_count > 0 AND (${text} OR ${contract})`;
}

/**
 * For an organization with a contract catalog and a query that looks like an identifier: the products
 * whose contract offers have it as their part number (contract_product.search_ids, which only that
 * organization's view reads; the product's own identifiers never hold a contract part number). A
 * product id list computed once, which the planner ORs with the full-text index scan.
 */
function contractPartNumberMatch(search: CatalogSearch): Sql | null {
  const id = identifierQuery(search.text);
  if (search.view === null || id === null) return null;
  return sql`p.id = ANY(ARRAY(SELECT cp.product_id FROM contract_product cp
                               WHERE cp.organization_id = ${search.view.organizationId}::uuid AND ${id} = ANY(cp.search_ids)))`;
}

/**
 * Alternative readings of the query OR-ed with it: hyphens joined and compounds split
 * (search-terms.ts) and, `byHead`, compounds read by their head ("druckerpatrone" also as
 * "patrone": search-compound-heads.ts).
 */
function readingsOf(text: string, byHead: boolean): string[] {
  const readings = queryAlternatives(text);
  const head = byHead ? headReading(text) : null;
  return head === null || readings.includes(head) || head === text ? readings : [...readings, head];
}

/**
 * The full-text query: the web-search query in German and English, OR-ed with its alternative
 * readings and, when it looks like one, the normalized identifier (matched against the `search_ids` lexemes).
 */
function textQuery(text: string, byHead = false): Sql {
  let query = sql`gw_search_query(${text})`;
  for (const alternative of readingsOf(text, byHead))
    query = sql`(${query} || gw_search_query(${alternative}))`;
  const id = identifierQuery(text);
  if (id !== null) query = sql`(${query} || plainto_tsquery('simple', ${id}))`;
  return query;
}

function rankOf(search: CatalogSearch): Sql {
  if (search.mode === 'typo') return sql`word_similarity(gw_normalize(${search.text}), p.search_name)`;
  const byHead = search.mode === 'head';
  // With alternative readings, a match of the query as typed counts double (the compound
  // "Druckerpapier" above a printer with a "Papierkassette").
  let rank =
    readingsOf(search.text, byHead).length === 0
      ? sql`ts_rank(p.search_vector, ${textQuery(search.text, byHead)})`
      : sql`(ts_rank(p.search_vector, ${textQuery(search.text, byHead)}) + ts_rank(p.search_vector, gw_search_query(${search.text})))`;
  // German compounds by their head, in tiers above any text rank (0..1) and below an identifier
  // match: +1 when the product's name has a compound ending in the query's head ("Tintenpatrone" for
  // "druckerpatrone": it is a Patrone), +1 when it has every part ("tinten" and "drucker" for
  // "tintendrucker": what the modifier says too). A product with the head only as a modifier
  // ("Druckerpapier" for "tintendrucker") gets neither.
  const heads = compoundHeadStems(search.text);
  const parts = partsReading(search.text);
  if (heads.length > 0 && parts !== null) {
    const named = heads.map(
      (stem) => sql`p.search_name ~ (${COMPOUND_BEFORE_HEAD} || gw_normalize(${stem}) || ${HEAD_WORD_END})`,
    );
    rank = sql`(${rank} + CASE WHEN ${Prisma.join(named, ' OR ')} THEN 1 ELSE 0 END
                        + CASE WHEN p.search_vector @@ gw_search_query(${parts}) THEN 1 ELSE 0 END)`;
  }
  // A one-word query likewise: +1 when the name ends a word (or a compound) with it ("HDMI-Kabel",
  // "Schreibtisch" for "kabel", "tisch"), not when it only starts one ("kabelgebunden").
  const word = namedWordStem(search.text);
  if (word !== null) {
    rank = sql`(${rank} + CASE WHEN p.search_name ~ (gw_normalize(${word}) || ${NAMING_WORD_END}) THEN 1 ELSE 0 END)`;
  }
  const id = identifierQuery(search.text);
  // An identifier match (code, part number, SKU, EAN, ISBN; a contract part number in its
  // organization's view) comes before any text match.
  if (id === null) return rank;
  const identified = sql`p.search_vector @@ plainto_tsquery('simple', ${id})`;
  const contract = contractPartNumberMatch(search);
  return sql`(${rank} + CASE WHEN ${contract === null ? identified : sql`(${identified} OR ${contract})`} THEN 100 ELSE 0 END)`;
}

/**
 * What an explicit order sorts the matches by: the shown offer's net price (as the price filter reads
 * it, so only a sort by price reads offers per match), the fastest delivery (as the delivery facet),
 * the rating. NULL for relevance, which needs no key.
 */
function sortKeyOf(search: CatalogSearch): Sql {
  switch (search.sort) {
    case 'price-asc':
    case 'price-desc':
      return shownPriceOf(search);
    case 'delivery':
      return sql`p.fastest_delivery_days::numeric`;
    case 'rating':
      return sql`p.star_rating::numeric`;
    default:
      return sql`NULL::numeric`;
  }
}

/**
 * The ORDER BY of an order over the matches (`alias` names their relation). Relevance puts the
 * organization's preferred products first; an explicit order is what the buyer asked for, with
 * products lacking the key (no price in the currency, no delivery or rating stated) last.
 */
function orderOf(sort: SearchSort, alias: Sql): Sql {
  const tail = sql`${alias}rank DESC, ${alias}id`;
  switch (sort) {
    case 'price-asc':
    case 'delivery':
      return sql`${alias}sort_key ASC NULLS LAST, ${tail}`;
    case 'price-desc':
    case 'rating':
      return sql`${alias}sort_key DESC NULLS LAST, ${tail}`;
    default:
      return sql`${alias}product_preferred DESC, ${tail}`;
  }
}

/**
 * The net price of the offer product `p` shows (its shown offer's, guidance-offer-order.ts) when that
 * offer is in the marketplace currency, else NULL: price filter and facet compare net prices. Reads offers only where the product row cannot tell: with no
 * offer-level rule every offer of a product gets the same verdict, so the shown offer is the
 * cheapest in the currency, which is the denormalized best offer when that one is in the currency;
 * a product with one offer shows it whatever the rules.
 */
function shownPriceOf(search: CatalogSearch): Sql {
  const { guidance, currency } = search;
  const bestInCurrency = sql`CASE WHEN p.best_currency = ${currency} THEN p.best_price END`;
  if (!guidance.offerLevel) {
    return sql`CASE WHEN p.best_currency = ${currency} THEN p.best_price
                    ELSE (SELECT min(o.net_price) FROM offer o WHERE o.product_id = p.id AND ${offerSeen('o', viewer(search))} AND o.currency = ${currency}) END`;
  }
  return sql`CASE WHEN p.offer_count = 1 THEN ${bestInCurrency}
                  ELSE (SELECT CASE WHEN o.currency = ${currency} THEN o.net_price END FROM offer o
                         WHERE o.product_id = p.id AND ${offerSeen('o', viewer(search))}
                         ORDER BY ${guidance.offerOrder(currency)} LIMIT 1) END`;
}

/**
 * What price range tests (the price `values` of this query: filters, facet counts) may read instead
 * of the shown price, so that most products' offers are not read. The shown price is one of the
 * product's offer prices, so it lies in [best_price, price_ceiling]; when every offer is in the
 * marketplace currency (so the shown price is never NULL) and no end of those ranges falls inside that
 * span, any price in the span answers every one of those tests as the shown price does, and
 * best_price stands in for it. Only for range tests: a sort by price reads the shown price itself.
 */
function rangeTestPriceOf(search: CatalogSearch, values: readonly string[]): Sql {
  const exact = shownPriceOf(search);
  if (values.length === 0) return exact;
  const edges = priceRangeEdges(values);
  return sql`CASE WHEN p.price_currency = ${search.currency}
                   AND width_bucket(p.best_price, ${edges}::numeric[]) = width_bucket(p.price_ceiling, ${edges}::numeric[])
                  THEN p.best_price ELSE ${exact} END`;
}

/** All selected filters except those of `facet` (for its own values: multi-select stays possible). */
function filtersExcept(
  search: CatalogSearch,
  facet: FilterId | null,
  shownPrice: Sql,
  withFeatures = true,
): Sql {
  const parts: Sql[] = [];
  for (const [id, values] of Object.entries(search.filters) as Array<[FilterId, string[]]>) {
    if (id === facet || (!withFeatures && isFeatureFacetId(id))) continue;
    const predicate = facetPredicate(id, values, shownPrice);
    if (predicate) parts.push(predicate);
  }
  // AND of the filters; TRUE when there are none.
  return parts.length === 0 ? sql`TRUE` : Prisma.join(parts, ' AND ', '(', ')');
}

/** The selected feature facets' keys, in request order. */
function selectedFeatureKeys(search: CatalogSearch): string[] {
  return Object.keys(search.filters).filter(isFeatureFacetId).map(featureKeyOf);
}

/**
 * The feature facets' part of the facet query, after the sample `m` and the category `trail`:
 *  - fbase: the sampled matches that pass every filter but the feature filters (so choosing a
 *    feature's value never changes which features are offered);
 *  - fscope: the category the features are chosen within: the selected one, else the category
 *    holding FEATURE_CATEGORY_SHARE of fbase (none: no feature is chosen);
 *  - fkeys: the features carried by FEATURE_MIN_SHARE of fbase's products in that category (the
 *    first FEATURE_KEY_SAMPLE of them), the `featureFacets` most shared, and the selected ones (a
 *    client can always deselect them);
 *  - fvalues: each chosen feature's values over the sample (its first FEATURE_KEY_SAMPLE rows when
 *    the sample is not every match) with the other facets' filters applied, as every facet's values
 *    are counted, the MAX_FEATURE_VALUES most frequent, each with a product that states it (its texts
 *    name the value).
 * Nothing is chosen when the feature facets are off and none is selected; matches without features
 * add no rows.
 */
function featureCtes(search: CatalogSearch, categorySelected: boolean): Sql {
  const selected = selectedFeatureKeys(search);
  if (search.featureFacets === 0 && selected.length === 0) return sql``;
  const { num: catNum, den: catDen } = FEATURE_CATEGORY_SHARE;
  const { num: keyNum, den: keyDen } = FEATURE_MIN_SHARE;
  const shown = sql`p.shown_price`;
  // Each value is counted with every filter but its own feature's.
  const allFilters = filtersExcept(search, null, shown);
  const filterOfKey =
    selected.length === 0
      ? allFilters
      : sql`CASE split_part(t.term, '=', 1) ${Prisma.join(
          selected.map((key) => sql`WHEN ${key} THEN ${filtersExcept(search, featureFacetId(key), shown)}`),
          ' ',
        )} ELSE ${allFilters} END`;
  const scope = categorySelected
    ? sql`SELECT t.path FROM trail t`
    : sql`SELECT d.category_path AS path FROM (
            SELECT b.category_path, count(*) AS n FROM fbase b GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1) d
           WHERE d.n * ${catDen} >= ${catNum} * (SELECT count(*) FROM fbase)`;
  return sql`, fbase AS NOT MATERIALIZED (
        SELECT p.id, p.category_path, p.feature_terms FROM m p WHERE ${filtersExcept(search, null, shown, false)}
      ), fscope AS (${scope}), fin AS MATERIALIZED (
        SELECT b.id, b.feature_terms FROM fbase b, fscope s
         WHERE b.category_path LIKE s.path || '%' LIMIT ${FEATURE_KEY_SAMPLE}
      ), fshare AS MATERIALIZED (
        SELECT d.key, count(*) AS n FROM (
          SELECT DISTINCT f.id, split_part(t.term, '=', 1) AS key
            FROM fin f, unnest(f.feature_terms) AS t(term) WHERE t.term IS NOT NULL) d
         GROUP BY d.key
      ), fkeys AS MATERIALIZED (
        (SELECT s.key, s.n FROM fshare s WHERE s.n * ${keyDen} >= ${keyNum} * (SELECT count(*) FROM fin)
          ORDER BY s.n DESC, s.key LIMIT ${search.featureFacets})
        UNION
        SELECT k.key, coalesce((SELECT s.n FROM fshare s WHERE s.key = k.key), 0)
          FROM unnest(${selected}::text[]) AS k(key)
      ), fcounts AS MATERIALIZED (
        -- One pass over the sample's terms, only when a feature was chosen; a term's key is its
        -- prefix up to "=" (keys are [a-z0-9-], no LIKE wildcards).
        SELECT t.term, count(*) AS n, min(p.id) AS pid
          FROM (SELECT * FROM m LIMIT CASE WHEN (SELECT count(*) FROM m) < ${sampleLimit(search)} THEN NULL::bigint
                                          ELSE ${FEATURE_KEY_SAMPLE}::bigint END) p,
               unnest(p.feature_terms) AS t(term)
         WHERE EXISTS (SELECT 1 FROM fkeys)
           AND t.term LIKE ANY (ARRAY(SELECT k.key || '=%' FROM fkeys k)) AND ${filterOfKey}
         GROUP BY t.term
      ), fvalues AS (
        SELECT c.key, c.term, c.n, c.pid, k.n AS share FROM fkeys k
          JOIN LATERAL (SELECT x.*, split_part(x.term, '=', 1) AS key FROM fcounts x
                         WHERE split_part(x.term, '=', 1) = k.key ORDER BY x.n DESC, x.term
                         LIMIT ${MAX_FEATURE_VALUES}) c ON TRUE
      )`;
}

/** The feature facets' rows as a json array (empty when none are computed). */
function featureColumn(search: CatalogSearch): Sql {
  if (search.featureFacets === 0 && selectedFeatureKeys(search).length === 0) return sql`'[]'::json`;
  // The names of each value from one product stating it: a term's position in feature_terms is its
  // pair's position in the facts (gw_feature_pairs), so no feature is normalized again.
  return sql`(SELECT coalesce(json_agg(json_build_object('key', v.key, 'term', v.term, 'n', v.n,
                      'name', x.name, 'value', x.value, 'unit', x.unit) ORDER BY v.share DESC, v.key, v.n DESC, v.term), '[]')
                FROM fvalues v
                LEFT JOIN product pr ON pr.id = v.pid
                LEFT JOIN LATERAL (SELECT fp.name, fp.value, fp.unit FROM gw_feature_pairs(pr.facts) fp
                                    WHERE fp.n = array_position(pr.feature_terms, v.term)) x ON TRUE)`;
}

export interface FeatureValueRow {
  key: string;
  term: string;
  n: number | string;
  name: LocalizedFeatureText | null;
  value: LocalizedFeatureText | null;
  unit: string | null;
}

/**
 * The facet query's feature rows (ordered by facet, then value) grouped by facet. A feature's name is
 * the best-formed of the spellings its values' products give it, then the most frequent (suppliers
 * write "Farbe", "farbe " or "FARBE").
 */
export function featureFacetsOf(rows: FeatureValueRow[]): FeatureFacetCounts[] {
  const facets = new Map<
    string,
    FeatureFacetCounts & { names: Map<string, { name: LocalizedFeatureText; n: number }> }
  >();
  for (const row of rows) {
    let facet = facets.get(row.key);
    if (!facet) {
      facet = { key: row.key, name: {}, values: [], names: new Map() };
      facets.set(row.key, facet);
    }
    const name = row.name ?? {};
    const spelling = JSON.stringify([name.de, name.en]);
    const seen = facet.names.get(spelling) ?? { name, n: 0 };
    facet.names.set(spelling, { name, n: seen.n + 1 });
    facet.values.push({
      id: row.term.slice(row.key.length + 1),
      name: row.value ?? {},
      unit: row.unit,
      n: Number(row.n),
    });
  }
  return [...facets.values()].map(({ names, ...facet }) => {
    // Each value names the feature as one product of it does, so the count of a spelling is a sample:
    // a well-formed spelling wins over a more frequent sloppy one, then the most frequent, then the
    // first (a Map keeps the order the values came in).
    let best: { name: LocalizedFeatureText; n: number } | undefined;
    for (const entry of names.values()) if (!best || compareSpellings(entry, best) > 0) best = entry;
    return { ...facet, name: trimmedTexts(best?.name ?? {}) };
  });
}

/** > 0 when `a` names a feature better than `b`: well-formed first (spellingForm), then more frequent. */
function compareSpellings(
  a: { name: LocalizedFeatureText; n: number },
  b: { name: LocalizedFeatureText; n: number },
): number {
  return spellingForm(a.name) - spellingForm(b.name) || a.n - b.n;
}

/**
 * How well-formed a feature's name is, 0 to 2: written without blanks around it, and capitalized
 * (not all lower or all upper case) when it starts with a letter: "Farbe" before "farbe " or "FARBE".
 */
function spellingForm(name: LocalizedFeatureText): number {
  const text = name.de ?? name.en ?? '';
  const trimmed = text.trim();
  const first = trimmed.charAt(0);
  const isLetter = first.toLowerCase() !== first.toUpperCase();
  const capitalized = !isLetter || (first === first.toUpperCase() && trimmed !== trimmed.toUpperCase());
  return (trimmed === text ? 1 : 0) + (capitalized ? 1 : 0);
}

function trimmedTexts(name: LocalizedFeatureText): LocalizedFeatureText {
  const trimmed: LocalizedFeatureText = {};
  if (name.de !== undefined) trimmed.de = name.de.trim();
  if (name.en !== undefined) trimmed.en = name.en.trim();
  return trimmed;
}
