-- The catalog's version (issue 13, section 4): every write of products or offers by the catalog
-- writer (imports, demo generation) adds one to it in the same transaction. Each gateway process
-- caches product rows and compares this number at most every PRODUCT_CACHE_VERSION_CHECK_MS: a
-- changed version empties its cache, so an import reaches every replica within that bound.
-- A row updated in the writing transaction, not a sequence: nextval() is visible before the import
-- commits, so a replica could re-read (and cache) the old rows under the new version.
CREATE TABLE "catalog_version" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "version" BIGINT NOT NULL,

    CONSTRAINT "catalog_version_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "catalog_version_one_row" CHECK ("id")
);

INSERT INTO "catalog_version" ("id", "version") VALUES (true, 1);
