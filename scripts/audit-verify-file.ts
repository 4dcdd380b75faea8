/*
 * `npm run audit:verify-file -- <export.jsonl> [--public-key <pem>] [--checkpoint <file>]... [--json]`
 * in a checkout: the same as `gateway audit verify-file ...` (in the release bundle, `bin/gateway
 * audit verify-file`). No database and no gateway needed. Exit 0 intact, 1 broken, 2 usage,
 * 3 incomplete (the export ends before a signed checkpoint: export again).
 */
import { runCli } from '../src/admin/cli';
import type { CliIo } from '../src/admin/cli-output';

export function main(
  argv: string[],
  out: CliIo['stdout'] = process.stdout,
  err: CliIo['stderr'] = process.stderr,
): Promise<number> {
  return runCli(['audit', 'verify-file', ...argv], { stdout: out, stderr: err, env: process.env });
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: Error) => {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = 1;
    },
  );
}
