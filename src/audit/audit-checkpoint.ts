import { createHash, createPublicKey, KeyObject, sign, verify } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';

/**
 * A signed statement "organization X's chain had hash H at sequence N at time T" (docs/audit.md).
 * The signature is Ed25519 over the RFC 8785 canonical JSON of every field except `signature`.
 */
export interface AuditCheckpoint {
  /** The organization's id (UUID), as in every event's `organizationId`. */
  organization: string;
  sequence: number;
  /** Lower-case hex of the event hash at `sequence` (64 zeros for an empty chain). */
  hash: string;
  /** ISO 8601 UTC with milliseconds: when the checkpoint was signed. */
  time: string;
  /** First 16 hex characters of SHA-256 over the raw 32-byte Ed25519 public key. */
  keyId: string;
  /** Base64 of the 64-byte Ed25519 signature. */
  signature: string;
}

export type UnsignedCheckpoint = Omit<AuditCheckpoint, 'signature'>;

/** The exact bytes that are signed: canonical JSON of the checkpoint without `signature`. */
export function checkpointMessage(checkpoint: UnsignedCheckpoint): Buffer {
  const { organization, sequence, hash, time, keyId } = checkpoint;
  return Buffer.from(canonicalize({ organization, sequence, hash, time, keyId }), 'utf8');
}

/** The raw 32-byte Ed25519 public key (the last 32 bytes of its SPKI DER form). */
export function rawPublicKey(publicKey: KeyObject): Buffer {
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return der.subarray(der.length - 32);
}

export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256').update(rawPublicKey(publicKey)).digest('hex').slice(0, 16);
}

export function signCheckpoint(
  unsigned: Omit<UnsignedCheckpoint, 'keyId'>,
  privateKey: KeyObject,
): AuditCheckpoint {
  const keyId = keyIdOf(createPublicKey(privateKey));
  const withKey = { ...unsigned, keyId };
  const signature = sign(null, checkpointMessage(withKey), privateKey).toString('base64');
  return { ...withKey, signature };
}

/** Why a checkpoint cannot be trusted, or undefined when its form and signature are valid. */
export function checkpointProblem(checkpoint: unknown, publicKey: KeyObject): string | undefined {
  const c = checkpoint as Partial<AuditCheckpoint> | null;
  if (
    !c ||
    typeof c.organization !== 'string' ||
    !Number.isSafeInteger(c.sequence) ||
    (c.sequence as number) < 0 ||
    typeof c.hash !== 'string' ||
    !/^[0-9a-f]{64}$/.test(c.hash) ||
    typeof c.time !== 'string' ||
    typeof c.keyId !== 'string' ||
    typeof c.signature !== 'string'
  ) {
    return 'checkpoint is not of the form {organization, sequence, hash, time, keyId, signature}';
  }
  const keyId = keyIdOf(publicKey);
  if (c.keyId !== keyId)
    return `checkpoint at sequence ${c.sequence} was signed by key ${c.keyId}, not ${keyId}`;
  const valid = verify(
    null,
    checkpointMessage(c as AuditCheckpoint),
    publicKey,
    Buffer.from(c.signature, 'base64'),
  );
  return valid ? undefined : `checkpoint at sequence ${c.sequence} has an invalid signature`;
}

/**
 * Reads checkpoints from a file's text: one JSON checkpoint, a JSON array of them, JSON Lines, or
 * the gateway's log lines `{"type":"audit_checkpoint","checkpoint":{...}}` (other lines are skipped).
 */
export function parseCheckpoints(text: string): unknown[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  try {
    const whole = JSON.parse(trimmed) as unknown;
    return (Array.isArray(whole) ? whole : [whole]).map(unwrapLogLine);
  } catch {
    // Not one JSON document: JSON Lines.
  }
  const found: unknown[] = [];
  for (const line of trimmed.split('\n')) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const record = value as { type?: unknown; checkpoint?: unknown; signature?: unknown };
    if (record.type === 'audit_checkpoint' || record.signature !== undefined)
      found.push(unwrapLogLine(value));
  }
  return found;
}

function unwrapLogLine(value: unknown): unknown {
  const record = value as { type?: unknown; checkpoint?: unknown } | null;
  return record && record.type === 'audit_checkpoint' ? record.checkpoint : value;
}
