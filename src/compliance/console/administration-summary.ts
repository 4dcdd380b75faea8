import { AuditEventTypes } from '../../audit/audit-event';
import type { AdministrationSummaries } from './console-messages';
import { describeRule, Json, object, text } from './payload-reading';

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = (value: unknown, none: string): string =>
  Array.isArray(value) && value.length > 0 ? value.map(text).join(', ') : none;
/** Role names in the reader's words ("Einkäufer, Prüfer"); a role the messages do not know as recorded. */
const roles = (value: unknown, m: AdministrationSummaries): string =>
  Array.isArray(value) && value.length > 0
    ? value.map((role) => m.roles[text(role)] ?? text(role)).join(', ')
    : m.none;

/** A client as auditors recognise it: its name and its client id. */
function client(payload: Json): string {
  const c = object(payload.client);
  const name = text(c.name);
  const id = text(c.clientId);
  return name && id && name !== id ? `'${name}' (${id})` : `'${name || id}'`;
}

/** Catalog formats by their names in the trade. */
const FORMAT_NAMES: Record<string, string> = { bmecat: 'BMEcat', cif: 'CIF', 'cxml-index': 'cXML Index' };

function user(payload: Json): string {
  return text(object(payload.user).email);
}

/**
 * One readable sentence for an administration event from its recorded payload (the shapes
 * docs/audit.md lists), in the auditor's language; undefined for a type it does not know, which
 * the page then shows by its name with the raw payload.
 */
export function administrationSummary(
  type: string,
  rawPayload: unknown,
  m: AdministrationSummaries,
): string | undefined {
  const payload = object(rawPayload);
  switch (type) {
    case AuditEventTypes.guidanceRuleAdded: {
      const r = describeRule(payload.rule, m);
      return m.ruleAdded(r.rule, r.note);
    }
    case AuditEventTypes.guidanceRuleDisabled: {
      const r = describeRule(payload.rule, m);
      return m.ruleDisabled(r.rule, r.note);
    }
    case AuditEventTypes.supplierAdded: {
      const s = object(payload.supplier);
      return m.supplierAdded(text(s.name), text(s.slug));
    }
    case AuditEventTypes.catalogImported: {
      const products = object(payload.products);
      return m.catalogImported(
        FORMAT_NAMES[text(payload.format)] ?? (text(payload.format) || '?'),
        text(object(payload.supplier).name),
        text(payload.organization),
        count(products.created) + count(products.updated) + count(products.unchanged),
        count(payload.rejected),
        payload.applied === true ? null : text(payload.error),
      );
    }
    case AuditEventTypes.clientCreated:
      return m.clientCreated(client(payload), list(payload.callbackOrigins, ''));
    case AuditEventTypes.clientRevoked:
      return m.clientRevoked(client(payload), count(payload.tokensRevoked));
    case AuditEventTypes.clientSecretRotated:
      return m.clientSecretRotated(client(payload), text(payload.previousSecretValidUntil) || null);
    case AuditEventTypes.clientPunchoutSecretSet:
      return m.clientPunchoutSecretSet(client(payload), payload.replaced === true);
    case AuditEventTypes.clientOriginsChanged:
      return m.clientOriginsChanged(client(payload), list(payload.added, ''), list(payload.removed, ''));
    case AuditEventTypes.clientPunchoutSettingsChanged: {
      const change = object(payload.cxmlEncoding);
      return m.clientSettingsChanged(client(payload), text(change.from), text(change.to));
    }
    case AuditEventTypes.userAdded:
      return m.userAdded(user(payload), roles(payload.roles, m));
    case AuditEventTypes.userDisabled:
      return m.userDisabled(user(payload), count(payload.tokensRevoked));
    case AuditEventTypes.userEnabled:
      return m.userEnabled(user(payload));
    case AuditEventTypes.userRoleChanged:
      return m.userRolesChanged(user(payload), roles(payload.from, m), roles(payload.to, m));
    case AuditEventTypes.tokensRevoked:
      return m.tokensRevoked(user(payload), count(payload.revoked));
    case AuditEventTypes.consoleSignedIn: {
      const method = text(payload.method);
      return m.signedIn(user(payload), m.methods[method] ?? method);
    }
    case AuditEventTypes.consoleSignInRefused: {
      const method = text(payload.method);
      const reason = text(payload.reason);
      return m.signInRefused(text(payload.email), m.methods[method] ?? method, m.refusals[reason] ?? reason);
    }
    default:
      return undefined;
  }
}
