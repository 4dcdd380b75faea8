import type { CliIo } from './cli-output';

/** How often a terminal line is redrawn, and the longest a long command stays silent. */
const REDRAW_MS = 200;
const HEARTBEAT_MS = 2_000;

export interface ProgressOptions {
  /** What is counted: `bytes` (shown as KiB/MiB/GiB) or a noun such as `products`. */
  unit: string;
  /** The amount when done; 0 when unknown. */
  total: number;
  /** A second count shown beside the first, e.g. rows beside the bytes of a file. */
  secondary?: string;
}

/**
 * Progress of a long command on stderr: redrawn in place on a terminal, one line at least every two
 * seconds otherwise (logs, CI), always with units, the rate and an ETA. A heartbeat keeps saying what
 * the command does while no count moves (a long write, a table rewrite), so it is never silent for
 * more than two seconds.
 */
export class Progress {
  private readonly started = Date.now();
  private done = 0;
  private secondaryCount = 0;
  private phaseText: string | undefined;
  private lastWrite = 0;
  private readonly heartbeat: NodeJS.Timeout;
  private finished = false;

  constructor(
    private readonly out: CliIo['stderr'],
    private readonly label: string,
    private readonly options: ProgressOptions,
  ) {
    this.heartbeat = setInterval(() => {
      if (Date.now() - this.lastWrite >= HEARTBEAT_MS) this.draw(true);
    }, 500);
    this.heartbeat.unref();
  }

  update(done: number, secondary?: number): void {
    this.done = done;
    if (secondary !== undefined) this.secondaryCount = secondary;
    this.phaseText = undefined;
    const interval = this.out.isTTY ? REDRAW_MS : HEARTBEAT_MS;
    if (Date.now() - this.lastWrite >= interval) this.draw(false);
  }

  /** A step without a count (e.g. "rewriting the product table"): shown at once and by the heartbeat. */
  phase(text: string): void {
    this.phaseText = text;
    this.draw(true);
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.heartbeat);
    this.phaseText = undefined;
    this.draw(true, true);
  }

  private draw(force: boolean, last = false): void {
    if (this.finished && !last) return;
    const now = Date.now();
    if (!force && now - this.lastWrite < REDRAW_MS) return;
    this.lastWrite = now;
    const line = `${this.label}: ${this.describe(now, last)}`;
    if (this.out.isTTY) this.out.write(`\r\x1b[2K${line}${last ? '\n' : ''}`);
    else this.out.write(`${line}\n`);
  }

  private describe(now: number, last: boolean): string {
    const elapsedSeconds = (now - this.started) / 1000;
    const { unit, total, secondary } = this.options;
    const of = unit === 'bytes' ? '' : ` ${unit}`;
    const parts = [
      total > 0
        ? `${this.amount(this.done)} of ${this.amount(total)}${of} (${percent(this.done, total)})`
        : `${this.amount(this.done)}${of}`,
    ];
    if (secondary) parts.push(`${this.secondaryCount.toLocaleString('en')} ${secondary}`);
    const rate = elapsedSeconds > 0 ? this.done / elapsedSeconds : 0;
    if (rate > 0) parts.push(`${this.amount(rate)}${of}/s`);
    if (last) parts.push(`done in ${duration(elapsedSeconds)}`);
    else if (this.phaseText) parts.push(`${this.phaseText} (${duration(elapsedSeconds)} so far)`);
    else if (total > 0 && rate > 0 && this.done < total)
      parts.push(`ETA ${duration((total - this.done) / rate)}`);
    else parts.push(`${duration(elapsedSeconds)} so far`);
    return parts.join(', ');
  }

  private amount(value: number): string {
    return this.options.unit === 'bytes' ? bytes(value) : Math.round(value).toLocaleString('en');
  }
}

/** 1536 -> `1.5 KiB`. */
export function bytes(value: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let n = value;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i === 0 ? Math.round(n) : n.toFixed(1)} ${units[i]}`;
}

function percent(done: number, total: number): string {
  return `${Math.min(100, Math.floor((done / total) * 100))}%`;
}

/** Seconds as `45 s`, `3 min 20 s`, `1 h 05 min`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3_600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3_600)} h ${String(Math.floor((s % 3_600) / 60)).padStart(2, '0')} min`;
}
