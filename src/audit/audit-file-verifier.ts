import type { KeyObject } from 'node:crypto';
import { AuditChainVerifier, StoredAuditEvent } from './audit-chain-verifier';
import { AuditCheckpoint, checkpointProblem } from './audit-checkpoint';
import { EXPORTED_AUDIT_FIELDS } from './audit-event';
import { GENESIS_HASH } from './audit-hash';

/**
 * `intact`: every event verifies and every checkpoint given is covered. `incomplete`: every event
 * verifies, but a signed checkpoint saw the chain go on past the export's last event (an older
 * export, a range ending earlier, or a file cut short): no evidence of tampering, the file just does
 * not reach that checkpoint. `broken`: something in the file or a checkpoint does not verify.
 */
export type ExportVerificationStatus = 'intact' | 'incomplete' | 'broken';

export interface ExportVerification {
  status: ExportVerificationStatus;
  /** True only when `status` is `intact`: a script reading `intact` never takes a short export for a whole one. */
  intact: boolean;
  /** Events read. */
  checked: number;
  first?: { sequence: number; prevHash: string };
  last?: { sequence: number; hash: string };
  /** Checkpoints whose sequence the export covers (their hash was compared). */
  checkpointsMatched: number;
  /**
   * Checkpoints before the sequence just before the first event of an export that starts mid-chain:
   * accepted (the range was chosen) but not compared, as the export holds nothing to compare them with.
   */
  checkpointsBeforeExport: number;
  /** Checkpoints beyond the export's last event: not compared, they make the result `incomplete`. */
  checkpointsAfterExport: number;
  /** When `incomplete`: the latest checkpoint the export ends before; an export taken now includes it. */
  endsBefore?: { sequence: number; time: string };
  broken?: { line: number; sequence?: number; problem: string };
}

function shapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const keys = Object.keys(value);
  const missing = EXPORTED_AUDIT_FIELDS.filter((field) => !keys.includes(field));
  if (missing.length) return `missing field(s) ${missing.join(', ')}`;
  const extra = keys.filter((key) => !(EXPORTED_AUDIT_FIELDS as readonly string[]).includes(key));
  if (extra.length) return `unexpected field(s) ${extra.join(', ')}`;
  const event = value as StoredAuditEvent;
  if (!Number.isSafeInteger(event.sequence) || event.sequence < 1)
    return 'sequence is not a positive integer';
  if (typeof event.prevHash !== 'string' || !/^[0-9a-f]{64}$/.test(event.prevHash))
    return 'prevHash is not 64 lower-case hex characters';
  if (typeof event.hash !== 'string' || !/^[0-9a-f]{64}$/.test(event.hash))
    return 'hash is not 64 lower-case hex characters';
  for (const field of ['organizationId', 'occurredAt', 'type'] as const) {
    if (typeof event[field] !== 'string') return `${field} is not a string`;
  }
  for (const field of ['actorUserId', 'actorClientId', 'actorLabel', 'sessionId'] as const) {
    if (event[field] !== null && typeof event[field] !== 'string')
      return `${field} is neither a string nor null`;
  }
  return undefined;
}

/**
 * Verifies a JSON Lines export with no database: every line parses, has exactly the exported fields,
 * links to the line before and hashes to its `hash`; an export starting mid-chain is anchored by its
 * first prevHash. Given a public key, checkpoints are signature-checked and compared wherever the
 * export covers their sequence (including the one just before its first event, via prevHash); a
 * checkpoint beyond the last event makes an otherwise intact export `incomplete`, not `broken`.
 */
export async function verifyExportLines(
  lines: AsyncIterable<string> | Iterable<string>,
  options: { publicKey?: KeyObject; checkpoints?: unknown[] } = {},
): Promise<ExportVerification> {
  const checkpoints = (options.checkpoints ?? []) as AuditCheckpoint[];
  const result: ExportVerification = {
    status: 'intact',
    intact: true,
    checked: 0,
    checkpointsMatched: 0,
    checkpointsBeforeExport: 0,
    checkpointsAfterExport: 0,
  };
  const fail = (line: number, problem: string, sequence?: number) => {
    result.status = 'broken';
    result.intact = false;
    result.broken = { line, sequence, problem };
    return result;
  };
  if (checkpoints.length > 0) {
    if (!options.publicKey) return fail(0, 'checkpoints need the public key to be trusted');
    for (const checkpoint of checkpoints) {
      const problem = checkpointProblem(checkpoint, options.publicKey);
      if (problem) return fail(0, problem);
    }
  }
  const verifier = new AuditChainVerifier('first-event', checkpoints);
  let organizationId: string | undefined;
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return fail(lineNumber, 'not valid JSON', verifier.head.sequence + 1);
    }
    const shape = shapeProblem(value);
    const event = value as StoredAuditEvent;
    if (shape)
      return fail(lineNumber, shape, Number.isSafeInteger(event?.sequence) ? event.sequence : undefined);
    if (result.checked === 0) {
      organizationId = event.organizationId;
      result.first = { sequence: event.sequence, prevHash: event.prevHash };
      if (event.sequence === 1 && event.prevHash !== GENESIS_HASH.toString('hex'))
        return fail(lineNumber, 'event 1 must have the all-zero prevHash', 1);
      for (const checkpoint of checkpoints) {
        if (checkpoint.sequence === event.sequence - 1 && checkpoint.organization === organizationId) {
          if (checkpoint.hash !== event.prevHash)
            return fail(
              lineNumber,
              `prevHash differs from the signed checkpoint at sequence ${checkpoint.sequence}`,
              event.sequence,
            );
        }
      }
    } else if (event.organizationId !== organizationId) {
      return fail(lineNumber, 'organizationId differs from the first line', event.sequence);
    }
    result.checked += 1;
    if (!verifier.push(event)) {
      const broken = verifier.broken as { sequence: number; problem: string };
      return fail(lineNumber, broken.problem, broken.sequence);
    }
  }
  // Every supplied checkpoint must be this export's organization's. One before the export's start is
  // accepted because the export starts mid-chain (event 1 has no checkpoint before it to skip); one
  // beyond its last event cannot be compared: the export ends before it, which is not a break.
  const first = result.first?.sequence ?? 1;
  const last = verifier.head.sequence;
  for (const checkpoint of [...checkpoints].sort((a, b) => a.sequence - b.sequence)) {
    if (organizationId !== undefined && checkpoint.organization !== organizationId)
      return fail(
        0,
        `checkpoint at sequence ${checkpoint.sequence} is for another organization than the export's`,
      );
  }
  let latest: AuditCheckpoint | undefined;
  for (const checkpoint of checkpoints) {
    if (checkpoint.sequence < first - 1) result.checkpointsBeforeExport += 1;
    else if (checkpoint.sequence > last) {
      result.checkpointsAfterExport += 1;
      if (!latest || checkpoint.sequence > latest.sequence) latest = checkpoint;
    }
  }
  result.checkpointsMatched =
    checkpoints.length - result.checkpointsBeforeExport - result.checkpointsAfterExport;
  if (result.checked > 0) result.last = { ...verifier.head };
  if (latest) {
    result.status = 'incomplete';
    result.intact = false;
    result.endsBefore = { sequence: latest.sequence, time: latest.time };
  }
  return result;
}
