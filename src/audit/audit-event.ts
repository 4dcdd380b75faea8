/** Every kind of event the audit trail records (docs/audit.md lists each one's payload). */
export const AuditEventTypes = {
  punchoutCreated: 'punchout.created',
  punchoutOpened: 'punchout.opened',
  punchoutCartChanged: 'punchout.cart_changed',
  punchoutOfferRefused: 'punchout.offer_refused',
  punchoutTransferred: 'punchout.transferred',
  punchoutCancelled: 'punchout.cancelled',
  punchoutExpired: 'punchout.expired',
  punchoutFailed: 'punchout.failed',
  punchoutOciCall: 'punchout.oci_call',
  punchoutCxmlSetup: 'punchout.cxml_setup',
  guidanceRuleAdded: 'guidance.rule_added',
  guidanceRuleDisabled: 'guidance.rule_disabled',
  supplierAdded: 'supplier.added',
  catalogImported: 'catalog.imported',
  clientCreated: 'client.created',
  clientRevoked: 'client.revoked',
  clientSecretRotated: 'client.secret_rotated',
  clientPunchoutSecretSet: 'client.punchout_secret_set',
  clientOriginsChanged: 'client.origins_changed',
  clientPunchoutSettingsChanged: 'client.punchout_settings_changed',
  userAdded: 'user.added',
  userDisabled: 'user.disabled',
  userEnabled: 'user.enabled',
  userRoleChanged: 'user.role_changed',
  tokensRevoked: 'token.revoked',
  consoleSignedIn: 'console.signed_in',
  consoleSignInRefused: 'console.sign_in_refused',
  orderReceived: 'order.received',
  orderRefused: 'order.refused',
  orderDelivered: 'order.delivered',
  orderDeliveryFailed: 'order.delivery_failed',
} as const;

export type AuditEventType = (typeof AuditEventTypes)[keyof typeof AuditEventTypes];

/** Who caused an event: a user (through a client) for API calls, a label such as "cli:root@host" otherwise. */
export interface AuditActor {
  userId?: string | null;
  clientId?: string | null;
  label?: string | null;
}

/** What a caller hands to `AuditService.append`; sequence, time and hashes are the service's. */
export interface AuditEventInput {
  organizationId: string;
  type: AuditEventType;
  actor: AuditActor;
  /** Database id of the punchout session the event belongs to, where there is one. */
  sessionId?: string | null;
  /** JSON-safe data (no undefined, no Date objects, no NUL characters: PostgreSQL's jsonb refuses them). */
  payload: Record<string, unknown>;
}

/** One event exactly as hashed: every stored field of `audit_event` except `id` and `hash`. */
export interface HashedAuditEvent {
  organizationId: string;
  sequence: number;
  /** ISO 8601 UTC with milliseconds, the precision the column stores. */
  occurredAt: string;
  type: string;
  actorUserId: string | null;
  actorClientId: string | null;
  actorLabel: string | null;
  sessionId: string | null;
  payload: unknown;
  /** Lower-case hex of the previous event's hash (64 zeros for the first event). */
  prevHash: string;
}

/**
 * The fields of an exported event (JSON Lines members, CSV columns in this order): every hashed field,
 * then `hash`. The offline verifier requires exactly these.
 */
export const EXPORTED_AUDIT_FIELDS = [
  'organizationId',
  'sequence',
  'occurredAt',
  'type',
  'actorUserId',
  'actorClientId',
  'actorLabel',
  'sessionId',
  'payload',
  'prevHash',
  'hash',
] as const;
