import { AuditEventTypes } from '../../audit/audit-event';
import { ADMINISTRATION_EVENT_TYPES } from '../review/administration-events';
import { administrationSummary } from './administration-summary';
import { consoleMessages } from './console-messages';

const en = consoleMessages('en').summaries;
const de = consoleMessages('de').summaries;
const CLIENT = { id: 'c1', clientId: 'srm-prod', name: 'SAP SRM' };
const JANE = { id: 'u1', email: 'jane@example.com' };

describe('administration summaries', () => {
  it('names the rule by its effect, matcher, value and note', () => {
    const payload = {
      rule: { effect: 'blocked', matcher: 'vendor', value: 'Kabelwerk Versand', note: 'late deliveries' },
    };
    expect(administrationSummary(AuditEventTypes.guidanceRuleAdded, payload, en)).toBe(
      "Added rule: block vendor 'Kabelwerk Versand' — note: late deliveries",
    );
    expect(administrationSummary(AuditEventTypes.guidanceRuleDisabled, payload, de)).toBe(
      "Regel deaktiviert: Lieferant 'Kabelwerk Versand' sperren — Notiz: late deliveries",
    );
    const price = {
      rule: { effect: 'preferred', matcher: 'price_above', value: '500', currency: 'EUR', note: null },
    };
    expect(administrationSummary(AuditEventTypes.guidanceRuleAdded, price, en)).toBe(
      "Added rule: prefer prices above '500 EUR'",
    );
  });

  it('names a category or condition rule by the names the reader knows, not the stored ids', () => {
    const category = { rule: { effect: 'preferred', matcher: 'category', value: 'monitors' } };
    const used = { rule: { effect: 'blocked', matcher: 'condition', value: 'used' } };
    expect(administrationSummary(AuditEventTypes.guidanceRuleAdded, category, de)).toBe(
      "Regel angelegt: Kategorie 'Monitore' bevorzugen",
    );
    expect(administrationSummary(AuditEventTypes.guidanceRuleAdded, used, de)).toBe(
      "Regel angelegt: Zustand 'Gebraucht' sperren",
    );
    expect(administrationSummary(AuditEventTypes.guidanceRuleAdded, category, en)).toBe(
      "Added rule: prefer category 'Monitors'",
    );
    // A category the built-in tree does not know stays as recorded.
    const other = { rule: { effect: 'blocked', matcher: 'category', value: 'own-category' } };
    expect(administrationSummary(AuditEventTypes.guidanceRuleAdded, other, de)).toBe(
      "Regel angelegt: Kategorie 'own-category' sperren",
    );
  });

  it('shows role changes from and to', () => {
    const payload = { user: JANE, from: ['buyer'], to: ['auditor', 'buyer'] };
    expect(administrationSummary(AuditEventTypes.userRoleChanged, payload, en)).toBe(
      'Roles of jane@example.com: buyer → auditor, buyer',
    );
    expect(administrationSummary(AuditEventTypes.userRoleChanged, payload, de)).toBe(
      'Rollen von jane@example.com: Einkäufer → Prüfer, Einkäufer',
    );
    expect(administrationSummary(AuditEventTypes.userAdded, { user: JANE, roles: ['admin'] }, de)).toBe(
      'Benutzer jane@example.com mit den Rollen Administrator angelegt',
    );
    expect(administrationSummary(AuditEventTypes.userAdded, { user: JANE, roles: [] }, de)).toBe(
      'Benutzer jane@example.com mit den Rollen keine angelegt',
    );
  });

  it('names clients by name and client id, and says what changed', () => {
    expect(
      administrationSummary(
        AuditEventTypes.clientOriginsChanged,
        { client: CLIENT, added: ['https://a.example'], removed: ['https://b.example'] },
        en,
      ),
    ).toBe(
      "Callback origins of client 'SAP SRM' (srm-prod): added https://a.example; removed https://b.example",
    );
    expect(
      administrationSummary(
        AuditEventTypes.clientSecretRotated,
        { client: CLIENT, previousSecretValidUntil: null },
        en,
      ),
    ).toBe("Rotated the secret of client 'SAP SRM' (srm-prod); the previous one stopped at once");
  });

  it('has a sentence for every administration event type, in both languages', () => {
    for (const type of ADMINISTRATION_EVENT_TYPES) {
      expect([type, administrationSummary(type, {}, en)]).toEqual([type, expect.any(String)]);
      expect([type, administrationSummary(type, {}, de)]).toEqual([type, expect.any(String)]);
    }
  });

  it('says what a catalog import did, in words and with grouped figures', () => {
    const payload = {
      supplier: { slug: 'weidmueller', name: 'Weidmüller' },
      organization: 'acme',
      format: 'bmecat',
      applied: true,
      products: { created: 1200, updated: 3, unchanged: 1 },
      rejected: 3,
    };
    expect(administrationSummary(AuditEventTypes.catalogImported, payload, en)).toBe(
      'Imported BMEcat from Weidmüller for acme: 1,204 products, 3 rejected',
    );
    expect(administrationSummary(AuditEventTypes.catalogImported, payload, de)).toBe(
      'BMEcat von Weidmüller für acme importiert: 1.204 Produkte, 3 abgelehnt',
    );
    const failed = { ...payload, format: 'cif', applied: false, error: 'line 9: truncated' };
    expect(administrationSummary(AuditEventTypes.catalogImported, failed, en)).toBe(
      'Did not import CIF from Weidmüller for acme: line 9: truncated',
    );
  });

  it('reads malformed payloads without throwing, and knows no punchout event', () => {
    expect(administrationSummary(AuditEventTypes.userDisabled, 'not an object', en)).toBe(
      'Disabled user ; 0 live tokens ended',
    );
    expect(administrationSummary(AuditEventTypes.punchoutCreated, {}, en)).toBeUndefined();
  });
});
