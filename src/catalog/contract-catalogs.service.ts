import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { CatalogVersionWatcher } from './catalog-version.watcher';
import type { ContractView } from './contract-view';

interface Loaded {
  version: string;
  organizations: Promise<ReadonlySet<string>>;
}

/**
 * Which organizations have contract offers, as this process knows it: read once per catalog version
 * (every import bumps it, so a new or withdrawn contract catalog is seen with the other caches), so
 * that a read for an organization without one (the common case) costs a set lookup and keeps the
 * marketplace's query exactly as before.
 */
@Injectable()
export class ContractCatalogs {
  private loaded: Loaded | undefined;
  private columns: Promise<readonly string[]> | undefined;

  constructor(
    private readonly prisma: PrismaService,
    private readonly versions: CatalogVersionWatcher,
  ) {}

  /** The organization's view when it has contract offers, else null (the marketplace's view). */
  async viewOf(organizationId: string): Promise<ContractView | null> {
    if (!(await this.hasContractOffers(organizationId))) return null;
    return { organizationId, productColumns: await this.productColumns() };
  }

  /** Whether the organization has live contract offers (as of the catalog version last seen). */
  async hasContractOffers(organizationId: string): Promise<boolean> {
    const version = await this.versions.current();
    let loaded = this.loaded;
    if (loaded?.version !== version) {
      loaded = { version, organizations: this.loadOrganizations() };
      this.loaded = loaded;
      // A failed read is not kept: the next caller reads again.
      loaded.organizations.catch(() => {
        if (this.loaded === loaded) this.loaded = undefined;
      });
    }
    return (await loaded.organizations).has(organizationId);
  }

  private async loadOrganizations(): Promise<ReadonlySet<string>> {
    // The distinct organizations of contract_product's primary key, one index probe each (a skip scan).
    const { rows } = await this.prisma.pool.query<{ id: string }>({
      name: 'contract-organizations',
      text: `WITH RECURSIVE orgs AS (
               (SELECT organization_id AS id FROM contract_product ORDER BY organization_id LIMIT 1)
               UNION ALL
               SELECT (SELECT c.organization_id FROM contract_product c WHERE c.organization_id > orgs.id
                        ORDER BY c.organization_id LIMIT 1)
                 FROM orgs WHERE orgs.id IS NOT NULL)
             SELECT id FROM orgs WHERE id IS NOT NULL`,
    });
    return new Set(rows.map((row) => row.id));
  }

  /** The product table's columns, read once per process (they change only with a migration, before start). */
  private productColumns(): Promise<readonly string[]> {
    this.columns ??= this.prisma.pool
      .query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute
          WHERE attrelid = 'product'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      )
      .then((result) => result.rows.map((row) => row.name));
    this.columns.catch(() => (this.columns = undefined));
    return this.columns;
  }
}
