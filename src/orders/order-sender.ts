import type { AuditActor } from '../audit/audit-event';

/** Who sent an order: the organization it is checked in, and the actor the audit trail names. */
export interface OrderSender {
  organizationId: string;
  /** The buyer (JSON orders); null for a cXML sender, which authenticates as a client. */
  userId: string | null;
  buyerEmail: string | null;
  clientId: string | null;
  actor: AuditActor;
}
