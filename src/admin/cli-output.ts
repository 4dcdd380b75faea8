import type { Writable } from 'node:stream';

export interface CliIo {
  /**
   * `once` is there on a real stream: a large export waits for 'drain' on it. `columns` on a
   * terminal: help is wrapped to its width.
   */
  stdout: Pick<Writable, 'write'> & Partial<Pick<Writable, 'once'>> & { columns?: number };
  /** `isTTY` on a terminal: progress bars are drawn only there. */
  stderr: Pick<Writable, 'write'> & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
}

/** Prints a command's result: JSON for scripts (`--json`), or short human-readable lines. */
export function printResult(io: CliIo, json: boolean, data: unknown, human: string): void {
  io.stdout.write(json ? `${JSON.stringify(data, jsonReplacer, 2)}\n` : `${human}\n`);
}

/** Errors go to stderr; with --json also as {error, error_description} on stdout for scripts. */
export function printError(io: CliIo, json: boolean, code: string, message: string): void {
  if (json) io.stdout.write(`${JSON.stringify({ error: code, error_description: message })}\n`);
  io.stderr.write(`error: ${message}\n`);
}

function jsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/**
 * Rows under a header, each column as wide as its widest cell and two spaces apart, or `empty`
 * when there are none. (A dozen lines: the table libraries draw borders that scripts then strip;
 * scripts read --json anyway.)
 */
export function table(headers: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return empty;
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
  return [headers, ...rows]
    .map((cells) =>
      cells
        .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
