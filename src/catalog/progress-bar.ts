import type { Writable } from 'node:stream';

/**
 * A progress bar on stderr for long CLI runs: redrawn in place on a terminal, a line every 10%
 * otherwise (logs, CI), so output stays readable either way.
 */
export class ProgressBar {
  private readonly started = Date.now();
  private lastDraw = 0;
  private lastDecile = -1;

  constructor(
    private readonly out: Pick<Writable, 'write'> & { isTTY?: boolean },
    private readonly label: string,
    private readonly total: number,
  ) {}

  update(done: number): void {
    const now = Date.now();
    const fraction = this.total > 0 ? Math.min(1, done / this.total) : 1;
    if (this.out.isTTY) {
      if (now - this.lastDraw < 100 && done < this.total) return;
      this.lastDraw = now;
      const width = 30;
      const filled = Math.round(fraction * width);
      this.out.write(
        `\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` +
          `${Math.floor(fraction * 100)}% ${done}/${this.total} ${this.elapsed(now)}`,
      );
      return;
    }
    const decile = Math.floor(fraction * 10);
    if (decile > this.lastDecile) {
      this.lastDecile = decile;
      this.out.write(`${this.label}: ${decile * 10}% (${done}/${this.total}) ${this.elapsed(now)}\n`);
    }
  }

  finish(done: number): void {
    this.update(done);
    if (this.out.isTTY) this.out.write('\n');
  }

  private elapsed(now: number): string {
    return `${((now - this.started) / 1000).toFixed(1)}s`;
  }
}
