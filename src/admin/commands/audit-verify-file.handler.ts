import { createPublicKey, KeyObject } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseCheckpoints } from '../../audit/audit-checkpoint';
import { ExportVerification, verifyExportLines } from '../../audit/audit-file-verifier';
import {
  handler,
  listOption,
  onlyPositionals,
  PartialSuccessError,
  ReportedFailureError,
  stringOption,
  UsageError,
} from '../cli-command';
import { printResult } from '../cli-output';

interface VerifyFileInput {
  file: string;
  publicKey?: KeyObject;
  checkpoints: unknown[];
}

/**
 * Verifies an audit export (JSON Lines from GET /api/v1/audit/export or `gateway audit export`)
 * with no database and no gateway, so an auditor can run it anywhere the bundle is. Exit 0 intact,
 * 1 broken (names the line and sequence), 2 usage, 3 incomplete (the events verify, but the export
 * ends before a signed checkpoint: export again).
 */
export const auditVerifyFile = handler<VerifyFileInput>({
  needsApp: false,
  needsDatabase: false,
  parse(args) {
    const [file] = onlyPositionals(args, ['<export.jsonl>']);
    const keyFile = stringOption(args, 'public-key');
    const checkpointFiles = listOption(args, 'checkpoint') ?? [];
    for (const path of [file, keyFile, ...checkpointFiles]) {
      if (path !== undefined && !existsSync(path)) throw new UsageError(`no such file: ${path}`);
    }
    if (checkpointFiles.length > 0 && !keyFile)
      throw new UsageError(
        '--checkpoint needs --public-key (GET /api/v1/audit/public-key) to check signatures',
      );
    try {
      const text = keyFile === undefined ? undefined : readFileSync(keyFile, 'utf8');
      // Either the PEM itself or the JSON answer of GET /api/v1/audit/public-key.
      const publicKey =
        text === undefined
          ? undefined
          : createPublicKey(
              text.trimStart().startsWith('{')
                ? (JSON.parse(text) as { publicKeyPem: string }).publicKeyPem
                : text,
            );
      const checkpoints = checkpointFiles.flatMap((path) => parseCheckpoints(readFileSync(path, 'utf8')));
      return { file, publicKey, checkpoints };
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  },
  async run(ctx) {
    const { file, publicKey, checkpoints } = ctx.input;
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    const result = await verifyExportLines(lines, { publicKey, checkpoints });
    printResult(ctx.io, ctx.json, result, describe(result));
    if (result.status === 'broken') throw new ReportedFailureError(`${file} does not verify`);
    if (result.status === 'incomplete')
      throw new PartialSuccessError(`${file} ends before a signed checkpoint: export again`);
  },
});

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
