/*
 * Verifies an audit export (JSON Lines from GET /api/v1/audit/export or `gateway audit export`)
 * with no database and no gateway: npm run audit:verify-file -- export.jsonl [--public-key key.pem]
 * [--checkpoint file]... [--json]. Exit 0 intact, 1 broken (names the line and sequence), 2 usage,
 * 3 incomplete (the events verify, but the export ends before a signed checkpoint: export again).
 */
import { createPublicKey, KeyObject } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { parseCheckpoints } from '../src/audit/audit-checkpoint';
import { ExportVerification, verifyExportLines } from '../src/audit/audit-file-verifier';

/** The exit code of each outcome; 2 is a usage error. */
const EXIT_CODES: Record<ExportVerification['status'], number> = { intact: 0, broken: 1, incomplete: 3 };

const USAGE =
  'usage: npm run audit:verify-file -- <export.jsonl> [--public-key <pem file>] [--checkpoint <file>]... [--json]\n';

export async function main(argv: string[], out = process.stdout, err = process.stderr): Promise<number> {
  let file: string;
  let values: { 'public-key'?: string; checkpoint?: string[]; json?: boolean };
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'public-key': { type: 'string' },
        checkpoint: { type: 'string', multiple: true },
        json: { type: 'boolean' },
      },
    });
    if (parsed.positionals.length !== 1) throw new Error('give exactly one export file');
    file = parsed.positionals[0];
    values = parsed.values;
    for (const path of [file, values['public-key'], ...(values.checkpoint ?? [])]) {
      if (path !== undefined && !existsSync(path)) throw new Error(`no such file: ${path}`);
    }
    if (values.checkpoint?.length && !values['public-key'])
      throw new Error('--checkpoint needs --public-key (GET /api/v1/audit/public-key) to check signatures');
  } catch (error) {
    err.write(`error: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  let publicKey: KeyObject | undefined;
  let checkpoints: unknown[];
  try {
    if (values['public-key']) {
      const text = readFileSync(values['public-key'], 'utf8');
      // Either the PEM itself or the JSON answer of GET /api/v1/audit/public-key.
      publicKey = createPublicKey(text.trimStart().startsWith('{') ? JSON.parse(text).publicKeyPem : text);
    }
    checkpoints = (values.checkpoint ?? []).flatMap((path) => parseCheckpoints(readFileSync(path, 'utf8')));
  } catch (error) {
    err.write(`error: ${(error as Error).message}\n`);
    return 2;
  }
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  const result = await verifyExportLines(lines, { publicKey, checkpoints });
  out.write(values.json ? `${JSON.stringify(result)}\n` : `${describe(result)}\n`);
  return EXIT_CODES[result.status];
}

function describe(result: ExportVerification): string {
  const contents =
    result.checked === 0
      ? 'the export is empty'
      : `${result.checked} event(s), sequence ${result.first?.sequence}..${result.last?.sequence}, ` +
        `last hash ${result.last?.hash}; ${result.checkpointsMatched} checkpoint(s) matched`;
  if (result.status === 'intact') return `OK: ${contents}`;
  if (result.status === 'broken') {
    const at = result.broken?.sequence === undefined ? '' : ` (sequence ${result.broken.sequence})`;
    return `BROKEN at line ${result.broken?.line}${at}: ${result.broken?.problem}`;
  }
  // Worded so that nobody reads it as tampering: the file is only older (or a range) than the checkpoint.
  const { sequence, time } = result.endsBefore as { sequence: number; time: string };
  const where =
    result.checked === 0
      ? `the export is empty, and a signed checkpoint saw sequence ${sequence} (${time})`
      : `the export ends at sequence ${result.last?.sequence}, before the signed checkpoint at ` +
        `sequence ${sequence} (${time}); its events verify (${contents})`;
  return (
    `INCOMPLETE: ${where}. Export again to include the checkpoint; if a new export of the whole ` +
    `chain still ends before sequence ${sequence}, events were removed.`
  );
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
