import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a caller's (or load balancer's) request id when it is sane, otherwise makes one. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTABLE_ID.test(given) ? given : randomUUID();
}
