import type { CatalogFormat, CatalogTransaction, CatalogWarning } from '../formats/supplier-item';

/** An item not imported: the supplier's part id (null when the reader could not tell), its line, why. */
export interface RejectedItem {
  item: string | null;
  line: number;
  reason: string;
}

/** Warnings of one kind: how many, and the first as an example. */
export interface WarningGroup {
  kind: string;
  count: number;
  example: string;
}

/** What an import did (the CLI's --json, the API's report, the audit event's counts). */
export interface CatalogImportReport {
  importId: string;
  format: CatalogFormat | null;
  formatVersion: string | null;
  transaction: CatalogTransaction | null;
  supplier: { slug: string; name: string };
  organization: string | null;
  file: { name: string; sha256: string | null; bytes: number };
  dryRun: boolean;
  /** Whether the catalog changed (false for a dry run and for a file that could not be used). */
  applied: boolean;
  items: number;
  products: { created: number; updated: number; unchanged: number };
  offers: { created: number; updated: number; unchanged: number; withdrawn: number };
  /** The first MAX_REPORTED_REJECTIONS; `rejectedCount` is exact. */
  rejected: RejectedItem[];
  rejectedCount: number;
  warnings: WarningGroup[];
  /** Why the file could not be used (nothing was written), or null. */
  error: string | null;
}

export const MAX_REPORTED_REJECTIONS = 1_000;

/** Groups warnings by kind as they come, keeping a count and the first message. */
export class WarningTally {
  private readonly groups = new Map<string, WarningGroup>();

  add(warning: CatalogWarning): void {
    const group = this.groups.get(warning.kind);
    if (group) group.count++;
    else this.groups.set(warning.kind, { kind: warning.kind, count: 1, example: warning.message });
  }

  list(): WarningGroup[] {
    return [...this.groups.values()];
  }
}
