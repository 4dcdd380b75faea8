import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../database/prisma.service';
import { minorUnitText } from '../../catalog/vat';
import { AuditEventTypes } from '../../audit/audit-event';
import { outcomeOf, PunchoutStatusName, SessionOutcome } from './session-record';

/** A period of whole UTC days: `from` at midnight, `until` the midnight after its last day. */
export interface DayPeriod {
  from: Date;
  until: Date;
}

export interface DailyOutcomes {
  /** YYYY-MM-DD (UTC). */
  day: string;
  counts: Record<SessionOutcome, number>;
}

/**
 * Net value of the lines transferred on a day in one currency: their net amounts as posted (THE unit
 * price x quantity / price unit, rounded per line to the minor unit, as the cart showed them), as
 * decimal text.
 */
export interface DailySpend {
  day: string;
  currency: string;
  net: string;
}

export interface VendorSpend {
  vendor: string;
  currency: string;
  /** Net amounts of the vendor's transferred lines added up, decimal text. */
  net: string;
  lines: number;
}

/** What buying guidance did in the period. */
export interface PolicyFigures {
  /** Blocked offers a buyer tried to put in a cart (or a cXML edit tried to restore): refused. */
  refusedOffers: number;
  /** Lines taken out of carts at transfer: blocked by then, out of quantity range, or gone from the catalog. */
  removedAtTransfer: number;
  /** Lines transferred, and how many of them guidance preferred. */
  transferredLines: number;
  preferredLines: number;
}

export interface DashboardFigures {
  outcomes: DailyOutcomes[];
  spend: DailySpend[];
  topVendors: VendorSpend[];
  policy: PolicyFigures;
}

const DAY_MS = 86_400_000;
export const TOP_VENDORS = 10;

/** What the transferred lines statement returns: one row per (day, currency), per (vendor, currency), and the total. */
interface TransferredLinesRow {
  /** GROUPING(day, vendor): which of the three groupings the row belongs to. */
  groupingSet: number;
  day: string | null;
  vendor: string | null;
  currency: string | null;
  net: string | null;
  lines: number;
  preferred: number;
}

/** GROUPING(day, vendor) of each grouping set: a bit is set for a column the row is not grouped by. */
const BY_DAY = 1;
const BY_VENDOR = 2;
const TOTAL = 3;

/**
 * The console dashboard's figures for a period, each one SQL aggregate over indexed columns
 * (sessions by organization and day, transferred sessions by the day they were transferred, their
 * lines by session, guidance events by organization and time in partial indexes): nothing loads
 * events or carts into memory. The dashboard's benchmark (bench/console-dashboard.bench.js) shows
 * each statement's plan.
 */
@Injectable()
export class AuditFiguresService {
  constructor(private readonly prisma: PrismaService) {}

  async figures(organizationId: string, period: DayPeriod): Promise<DashboardFigures> {
    const [outcomes, lines, guidance] = await Promise.all([
      this.outcomes(organizationId, period),
      this.transferredLines(organizationId, period),
      this.guidanceEvents(organizationId, period),
    ]);
    return {
      outcomes,
      spend: lines.spend,
      topVendors: lines.topVendors,
      policy: { ...guidance, ...lines.totals },
    };
  }

  /** Sessions created per UTC day of the period, by outcome (every day present, zeros included). */
  async outcomes(organizationId: string, period: DayPeriod): Promise<DailyOutcomes[]> {
    // Grouped by the day's timestamp, formatted per group: to_char on every session cost more than the count.
    const grouped = await this.prisma.$queryRaw<
      Array<{ day: string; status: PunchoutStatusName; count: number }>
    >`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, status::text AS status, count
      FROM (
        SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, status, count(*)::int AS count
        FROM punchout_session
        WHERE organization_id = ${organizationId}::uuid
          AND created_at >= ${period.from} AND created_at < ${period.until}
        GROUP BY 1, 2
      ) AS per_day`;
    const result: DailyOutcomes[] = daysOf(period).map((day) => ({
      day,
      counts: { transferred: 0, cancelled: 0, expired: 0, failed: 0, open: 0 },
    }));
    const byDay = new Map(result.map((entry) => [entry.day, entry]));
    for (const row of grouped) {
      const entry = byDay.get(row.day);
      if (entry) entry.counts[outcomeOf(row.status)] += row.count;
    }
    return result;
  }

  /**
   * Net spend per day and currency, the top vendors per currency (amounts of different currencies
   * are not compared) and the preferred share, from one pass over the lines of the sessions
   * transferred in the period: the join is most of the work, so it is done once, not per figure.
   * Each line counts with the net amount it was posted with (cart_item.line_net), never a quoted
   * gross price.
   */
  private async transferredLines(
    organizationId: string,
    period: DayPeriod,
  ): Promise<{
    spend: DailySpend[];
    topVendors: VendorSpend[];
    totals: Omit<PolicyFigures, 'refusedOffers' | 'removedAtTransfer'>;
  }> {
    const rows = await this.prisma.$queryRaw<TransferredLinesRow[]>`
      SELECT "groupingSet", to_char(day, 'YYYY-MM-DD') AS day, vendor, currency, net::text AS net, lines, preferred
      FROM (
        SELECT totals.*,
               row_number() OVER (PARTITION BY "groupingSet", currency ORDER BY net DESC, vendor) AS rank
        FROM (
          SELECT GROUPING(day, vendor) AS "groupingSet", day, vendor, currency, sum(net) AS net,
                 count(*)::int AS lines, count(*) FILTER (WHERE preferred)::int AS preferred
          FROM (
            SELECT date_trunc('day', s.closed_at AT TIME ZONE 'UTC') AS day, c.vendor, c.currency, c.preferred,
                   c.line_net AS net
            FROM punchout_session s
            JOIN cart_item c ON c.session_id = s.id
            WHERE s.organization_id = ${organizationId}::uuid AND s.status = 'TRANSFERRED'
              AND s.closed_at >= ${period.from} AND s.closed_at < ${period.until}
          ) AS line
          GROUP BY GROUPING SETS ((day, currency), (vendor, currency), ())
        ) AS totals
      ) AS ranked
      WHERE "groupingSet" <> ${BY_VENDOR} OR rank <= ${TOP_VENDORS}
      ORDER BY "groupingSet", day, currency, rank`;
    const spend: DailySpend[] = [];
    const topVendors: VendorSpend[] = [];
    // The empty grouping set always yields its row, with no lines: zero counts.
    const totals = { transferredLines: 0, preferredLines: 0 };
    for (const row of rows) {
      if (row.groupingSet === BY_DAY) {
        const currency = row.currency as string;
        spend.push({ day: row.day as string, currency, net: minorUnitText(row.net as string, currency) });
      } else if (row.groupingSet === BY_VENDOR) {
        topVendors.push({
          vendor: row.vendor as string,
          currency: row.currency as string,
          net: minorUnitText(row.net as string, row.currency as string),
          lines: row.lines,
        });
      } else if (row.groupingSet === TOTAL) {
        totals.transferredLines = row.lines;
        totals.preferredLines = row.preferred;
      }
    }
    return { spend, topVendors, totals };
  }

  /**
   * What guidance refused and removed, each counted in its own partial index of audit_event (the
   * migration dashboard_figure_indexes): the conditions here must stay those of the index
   * predicates, or PostgreSQL reads every cart change of the period instead.
   */
  private async guidanceEvents(
    organizationId: string,
    period: DayPeriod,
  ): Promise<Pick<PolicyFigures, 'refusedOffers' | 'removedAtTransfer'>> {
    const [counts] = await this.prisma.$queryRaw<Array<{ refused: number; removed: number }>>`
      SELECT
        (SELECT count(*) FROM audit_event
         WHERE organization_id = ${organizationId}::uuid
           AND occurred_at >= ${period.from} AND occurred_at < ${period.until}
           AND type = ${AuditEventTypes.punchoutOfferRefused}
           AND payload->>'via' IS DISTINCT FROM 'transfer')::int AS refused,
        (SELECT count(*) FROM audit_event
         WHERE organization_id = ${organizationId}::uuid
           AND occurred_at >= ${period.from} AND occurred_at < ${period.until}
           AND ((type = ${AuditEventTypes.punchoutOfferRefused} AND payload->>'via' = 'transfer')
                OR (type = ${AuditEventTypes.punchoutCartChanged}
                    AND payload->>'action' = 'remove' AND payload ? 'reason')))::int AS removed`;
    return { refusedOffers: counts.refused, removedAtTransfer: counts.removed };
  }
}

/** Every UTC day of the period, as YYYY-MM-DD. */
export function daysOf(period: DayPeriod): string[] {
  const days: string[] = [];
  for (let at = period.from.getTime(); at < period.until.getTime(); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}
