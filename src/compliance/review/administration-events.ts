import { AuditEventTypes, AuditEventType } from '../../audit/audit-event';

/**
 * Every event that is not part of a punchout session or a purchase order (those have their own
 * pages): changes to rules, clients, users and tokens.
 */
export const ADMINISTRATION_EVENT_TYPES: AuditEventType[] = Object.values(AuditEventTypes).filter(
  (type) => !type.startsWith('punchout.') && !type.startsWith('order.'),
);
