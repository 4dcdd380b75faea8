import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../../common/http/api-error';
import { isStorableInstant } from '../../common/validation/storable-instant';

/**
 * Opaque paging cursors: base64url of a small JSON array. Clients must not build them; the server
 * checks them completely on the way back (shape, types, an instant PostgreSQL can store, written as
 * we write it, a UUID) and answers 400 for anything it did not issue, before any query runs.
 */
export interface SessionCursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Exactly what Date.prototype.toISOString() writes for the years we store. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeSessionCursor(cursor: SessionCursor): string {
  return Buffer.from(JSON.stringify(['s', cursor.createdAt.toISOString(), cursor.id])).toString('base64url');
}

export function decodeSessionCursor(text: string): SessionCursor {
  const value = decode(text);
  if (
    Array.isArray(value) &&
    value.length === 3 &&
    value[0] === 's' &&
    typeof value[1] === 'string' &&
    ISO_INSTANT.test(value[1]) &&
    typeof value[2] === 'string' &&
    UUID.test(value[2])
  ) {
    const createdAt = new Date(value[1]);
    // The round trip refuses dates that do not exist (02-30) and years out of the database's range.
    if (isStorableInstant(createdAt) && createdAt.toISOString() === value[1]) {
      return { createdAt, id: value[2] };
    }
  }
  throw invalidCursor();
}

/** Events page by their position in the chain. */
export function encodeEventCursor(sequence: bigint): string {
  return Buffer.from(JSON.stringify(['e', sequence.toString()])).toString('base64url');
}

export function decodeEventCursor(text: string): bigint {
  const value = decode(text);
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    value[0] === 'e' &&
    typeof value[1] === 'string' &&
    /^\d{1,18}$/.test(value[1])
  ) {
    return BigInt(value[1]);
  }
  throw invalidCursor();
}

function decode(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
  } catch {
    throw invalidCursor();
  }
}

function invalidCursor(): ApiError {
  return new ApiError(
    HttpStatus.BAD_REQUEST,
    'invalid_request',
    'cursor is not valid: pass the nextCursor of a previous page unchanged',
  );
}
