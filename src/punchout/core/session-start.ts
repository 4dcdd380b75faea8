import type { PunchoutProtocol } from '../../common/punchout-protocol';
import type { Prisma, PunchoutSession } from '../../generated/prisma/client';
import type { CompanionRow, InsertConditions } from './punchout-session.repository';
import type { ShipTo } from './ship-to';

/** The browser that met an entry (recorded with punchout.opened). */
export interface BrowserFacts {
  ip: string;
  userAgent: string | undefined;
}

/**
 * How the buyer's browser reaches the session: later, through a one-time start link the entry hands
 * its caller (the REST call, the cXML setup), or now, because the entry met the browser itself (the
 * OCI call-up: the session is OPENED at once with its key).
 */
export type SessionOpening = { kind: 'start-link' } | { kind: 'opened'; browser: BrowserFacts };

/** What a started session hands back: its start link, or the key of a session opened now. */
export type StartedSession<O extends SessionOpening> = O extends { kind: 'opened' }
  ? { publicId: string; sessionKey: string }
  : { publicId: string; startUrl: string };

/** The facts of a session that its own work refers to (events, cart rows). */
export type SessionRef = Pick<PunchoutSession, 'id' | 'publicId' | 'organizationId' | 'userId' | 'clientId'>;

/** Everything an entry hands the core to start a session: the one way sessions begin. */
export interface SessionStart<O extends SessionOpening = SessionOpening> {
  organizationId: string;
  userId: string;
  clientId: string;
  /** The product the buyer starts on, or null (a start page or search results). */
  productId: string | null;
  callback: { url: string; target: string };
  protocol: PunchoutProtocol;
  /** The requester's name (the REST call's `name`), else null. */
  name: string | null;
  shipTo: ShipTo | null;
  /** Shown, never changed or transferred (cXML inspect). */
  readOnly: boolean;
  /** The protocol's own facts, recorded with punchout.created. */
  details: Record<string, unknown>;
  opening: O;
  /** What the insert itself checks: refused, nothing is written and `start` answers null. */
  conditions?: InsertConditions;
  /** The entry's own row, written in the same statement as the session. */
  companion?: CompanionRow;
  /** How long the creating transaction may take with `within` (Prisma's default: 5 s), for large work. */
  timeoutMs?: number;
  /** The entry's work in the creating transaction, after the session and its events (a cart handed over). */
  within?: (tx: Prisma.TransactionClient, session: SessionRef) => Promise<void>;
}
