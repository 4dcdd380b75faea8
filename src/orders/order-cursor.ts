import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';

/**
 * The opaque cursor of the order list: base64url of `["o", receivedAt, id]`, checked completely on
 * the way back (a cursor the server did not issue is a 400 before any query runs).
 */
export interface OrderCursor {
  receivedAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeOrderCursor(cursor: OrderCursor): string {
  return Buffer.from(JSON.stringify(['o', cursor.receivedAt.toISOString(), cursor.id])).toString('base64url');
}

export function decodeOrderCursor(text: string): OrderCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (
    Array.isArray(value) &&
    value.length === 3 &&
    value[0] === 'o' &&
    typeof value[1] === 'string' &&
    ISO_INSTANT.test(value[1]) &&
    typeof value[2] === 'string' &&
    UUID.test(value[2])
  ) {
    const receivedAt = new Date(value[1]);
    if (!Number.isNaN(receivedAt.getTime()) && receivedAt.toISOString() === value[1]) {
      return { receivedAt, id: value[2] };
    }
  }
  throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', 'cursor must be the next of a previous page');
}
