import type { PunchoutProtocol } from '../../common/punchout-protocol';

/** What every entry knows when it creates a session. */
export interface CreatedSessionFacts {
  publicId: string;
  protocol: PunchoutProtocol;
  productId: string | null;
  callback: { url: string; target: string };
  name: string | null;
  shipTo: unknown;
  /** When the one-time start link stops working (entries that hand one out). */
  startExpiresAt?: Date;
  /** The entry's own facts (the call-up's parameters, the cXML setup request). */
  details?: Record<string, unknown>;
}

/**
 * The `punchout.created` payload, one shape for every entry (docs/punchout.md, "Audit events"): the
 * public reference, how the session started, its product, where the cart goes back, and the entry's
 * own facts.
 */
export function createdEventPayload(facts: CreatedSessionFacts): Record<string, unknown> {
  return {
    publicId: facts.publicId,
    protocol: facts.protocol,
    productId: facts.productId,
    callbackUrl: facts.callback.url,
    target: facts.callback.target,
    name: facts.name,
    shipTo: facts.shipTo ?? null,
    ...(facts.startExpiresAt ? { startExpiresAt: facts.startExpiresAt.toISOString() } : {}),
    ...facts.details,
  };
}
