/**
 * The database time one search computation spends: the statements' own time on their connections
 * (the page and facet queries run side by side, so both count), not the wait for a connection.
 */
export class SearchMeter {
  private total = 0;

  get databaseMs(): number {
    return this.total;
  }

  add(ms: number): void {
    this.total += ms;
  }
}
