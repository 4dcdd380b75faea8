import type { PageLanguage } from '../../web/language';
import { AuditEventTypes } from '../../audit/audit-event';
import type { AuditEventResponse } from '../review/dto/audit-review.response';
import type { TimelineContext } from '../review/timeline-context';
import type { ConsoleMessages } from './console-messages';
import { describeRule, object, text } from './payload-reading';
import { unitMoney } from './pages/console-frame';

const whole = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;

/** A session event as the timeline tells it: one sentence, and for a refusal the rules that blocked the offer. */
export interface SessionEventStory {
  sentence: string;
  rules: string[];
}

/**
 * The timeline's sentence for a punchout event ("Added 'Belkin HDMI cable' × 1", "Quantity of ...:
 * 1 → 12", a refusal with each blocking rule's effect, matcher, value and note), from its recorded
 * payload and the names its ids resolve to; undefined for an event it does not tell (the raw payload
 * is always one click away).
 */
export function sessionEventStory(
  event: AuditEventResponse,
  context: TimelineContext,
  text_: ConsoleMessages,
  lang: PageLanguage,
): SessionEventStory | undefined {
  const m = text_.timeline;
  const payload = object(event.payload);
  const offerId = text(payload.offerId);
  const offer = context.offers[offerId];
  const name = offer?.name || text(payload.label) || offerId;
  // Prices recorded since THE unit price is the net one say so (priceBasis); older ones are as quoted.
  const money = (amount: unknown, currency: unknown) => {
    const shown =
      typeof amount === 'string' && /^\d{1,14}(\.\d{1,8})?$/.test(amount) && text(currency).length === 3
        ? unitMoney(amount, text(currency), lang)
        : text(amount);
    return payload.priceBasis === 'net' ? m.netAmount(shown) : shown;
  };
  const only = (sentence: string): SessionEventStory => ({ sentence, rules: [] });
  switch (event.type) {
    case AuditEventTypes.punchoutCreated: {
      const protocol = text(payload.protocol) || 'rest';
      return only(m.created(text_.protocols[protocol] ?? protocol));
    }
    case AuditEventTypes.punchoutOpened:
      return only(m.opened);
    case AuditEventTypes.punchoutCartChanged:
      switch (text(payload.action)) {
        case 'add':
          return only(
            payload.via === 'setup'
              ? m.restored(name, whole(payload.quantity) ?? 0)
              : m.added(name, whole(payload.quantity) ?? 0),
          );
        case 'update':
          return only(
            m.quantityChanged(name, whole(payload.previousQuantity) ?? 0, whole(payload.quantity) ?? 0),
          );
        case 'remove': {
          const reason = text(payload.reason);
          return only(reason ? m.removedAtTransfer(name, m.reasons[reason] ?? reason) : m.removed(name));
        }
        case 'reprice':
          return only(
            m.repriced(
              name,
              money(payload.previousUnitPrice, payload.currency),
              money(payload.unitPrice, payload.currency),
            ),
          );
        default:
          return undefined;
      }
    case AuditEventTypes.punchoutOfferRefused: {
      const via = text(payload.via);
      const ruleIds = Array.isArray(payload.ruleIds) ? payload.ruleIds.map(text) : [];
      const rules = ruleIds.map((id) => {
        if (!context.rules[id]) return m.unknownRule(id);
        const { rule, note } = describeRule(context.rules[id], text_.summaries);
        return note ? `${rule} — ${note}` : rule;
      });
      return {
        sentence: m.refused(
          name,
          text(payload.vendor) || offer?.vendor || '?',
          whole(payload.quantity),
          m.via[via] ?? via,
        ),
        rules,
      };
    }
    case AuditEventTypes.punchoutTransferred:
      return only(m.transferred(whole(payload.lineCount) ?? 0));
    case AuditEventTypes.punchoutCancelled:
      return only(m.cancelled);
    case AuditEventTypes.punchoutExpired:
    case AuditEventTypes.punchoutFailed:
      return only(m.ended(text(payload.reason) || (text_.eventTypes[event.type] ?? event.type)));
    default:
      return undefined;
  }
}
