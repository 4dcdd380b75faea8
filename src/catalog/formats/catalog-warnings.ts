import type { CatalogWarning } from './supplier-item';

/**
 * A reader's findings while it reads one file, drained into warning events after each item. Some
 * findings concern the whole file (texts in a language that is not served, an unknown column): those
 * are reported once, by a key, rather than for every item.
 */
export class CatalogWarnings {
  private pending: CatalogWarning[] = [];
  private readonly reported = new Set<string>();

  warn(kind: string, message: string, line?: number): void {
    this.pending.push(line === undefined ? { kind, message } : { kind, message, line });
  }

  /** Reports `message` only the first time `key` is seen in this file. */
  once(key: string, kind: string, message: string, line?: number): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.warn(kind, message, line);
  }

  /** The findings since the last drain, as events. */
  drain(): Array<{ type: 'warning'; warning: CatalogWarning }> {
    const events = this.pending.map((warning) => ({ type: 'warning' as const, warning }));
    this.pending = [];
    return events;
  }
}
