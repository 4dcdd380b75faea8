-- Search reads a product's offers for its shown price when the organization has offer-level
-- guidance rules (vendor, condition, price) and a price filter or the price facet needs that price
-- (src/catalog/catalog-search.repository.ts, shownPriceOf): one ordered lookup per candidate
-- product. With every column the guidance predicates and the buyer order read in the index, that
-- lookup is an index-only scan (offers are vacuumed after bulk loads: CatalogService.optimizeLayout);
-- measured at 100,000 products ~2-3x less time per lookup than through offer_product_id_idx.
-- Prisma's schema cannot express INCLUDE, so this index is declared here only (see schema.prisma).
CREATE INDEX "offer_guidance_facts_idx" ON "offer" ("product_id") INCLUDE ("price", "currency", "vendor", "condition", "id");
