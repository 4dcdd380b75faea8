import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../database/prisma.service';
import { AuditEventTypes } from '../audit-event';
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

/** Net value of the lines transferred on a day in one currency (each line rounded to cents, as carts are). */
export interface DailySpend {
  day: string;
  currency: string;
  net: number;
}

export interface VendorSpend {
  vendor: string;
  currency: string;
  net: number;
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

/**
 * The console dashboard's figures for a period, each one SQL aggregate over indexed columns
 * (sessions by organization and day, transferred sessions by the day they were transferred,
 * events by organization, type and time): nothing loads events or carts into memory.
 */
@Injectable()
export class AuditFiguresService {
  constructor(private readonly prisma: PrismaService) {}

  async figures(organizationId: string, period: DayPeriod): Promise<DashboardFigures> {
    const [outcomes, spend, topVendors, policy] = await Promise.all([
      this.outcomes(organizationId, period),
      this.spend(organizationId, period),
      this.topVendors(organizationId, period),
      this.policy(organizationId, period),
    ]);
    return { outcomes, spend, topVendors, policy };
  }

  /** Sessions created per UTC day of the period, by outcome (every day present, zeros included). */
  async outcomes(organizationId: string, period: DayPeriod): Promise<DailyOutcomes[]> {
    const grouped = await this.prisma.$queryRaw<
      Array<{ day: string; status: PunchoutStatusName; count: number }>
    >`
      SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
             status::text AS status, count(*)::int AS count
      FROM punchout_session
      WHERE organization_id = ${organizationId}::uuid
        AND created_at >= ${period.from} AND created_at < ${period.until}
      GROUP BY 1, 2`;
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

  private async spend(organizationId: string, period: DayPeriod): Promise<DailySpend[]> {
    const rows = await this.prisma.$queryRaw<Array<{ day: string; currency: string; net: string }>>`
      SELECT to_char(date_trunc('day', s.closed_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
             c.currency, sum(round(c.quantity * c.unit_price, 2))::text AS net
      FROM punchout_session s
      JOIN cart_item c ON c.session_id = s.id
      WHERE s.organization_id = ${organizationId}::uuid AND s.status = 'TRANSFERRED'
        AND s.closed_at >= ${period.from} AND s.closed_at < ${period.until}
      GROUP BY 1, 2
      ORDER BY 1, 2`;
    return rows.map((row) => ({ day: row.day, currency: row.currency, net: Number(row.net) }));
  }

  /** The vendors with the most net spend, up to TOP_VENDORS per currency (amounts of different currencies are not compared). */
  private async topVendors(organizationId: string, period: DayPeriod): Promise<VendorSpend[]> {
    const rows = await this.prisma.$queryRaw<
      Array<{ vendor: string; currency: string; net: string; lines: number }>
    >`
      SELECT vendor, currency, net::text AS net, lines
      FROM (
        SELECT c.vendor, c.currency, sum(round(c.quantity * c.unit_price, 2)) AS net, count(*)::int AS lines,
               row_number() OVER (PARTITION BY c.currency
                                  ORDER BY sum(round(c.quantity * c.unit_price, 2)) DESC, c.vendor) AS rank
        FROM punchout_session s
        JOIN cart_item c ON c.session_id = s.id
        WHERE s.organization_id = ${organizationId}::uuid AND s.status = 'TRANSFERRED'
          AND s.closed_at >= ${period.from} AND s.closed_at < ${period.until}
        GROUP BY c.vendor, c.currency
      ) ranked
      WHERE rank <= ${TOP_VENDORS}
      ORDER BY currency, rank`;
    return rows.map((row) => ({ ...row, net: Number(row.net) }));
  }

  private async policy(organizationId: string, period: DayPeriod): Promise<PolicyFigures> {
    const [events] = await this.prisma.$queryRaw<Array<{ refused: number; removed: number }>>`
      SELECT
        count(*) FILTER (WHERE type = ${AuditEventTypes.punchoutOfferRefused}
                           AND payload->>'via' IS DISTINCT FROM 'transfer')::int AS refused,
        count(*) FILTER (WHERE (type = ${AuditEventTypes.punchoutOfferRefused} AND payload->>'via' = 'transfer')
                            OR (type = ${AuditEventTypes.punchoutCartChanged}
                                AND payload->>'action' = 'remove' AND payload ? 'reason'))::int AS removed
      FROM audit_event
      WHERE organization_id = ${organizationId}::uuid
        AND type IN (${AuditEventTypes.punchoutOfferRefused}, ${AuditEventTypes.punchoutCartChanged})
        AND occurred_at >= ${period.from} AND occurred_at < ${period.until}`;
    const [lines] = await this.prisma.$queryRaw<Array<{ lines: number; preferred: number }>>`
      SELECT count(*)::int AS lines, count(*) FILTER (WHERE c.preferred)::int AS preferred
      FROM punchout_session s
      JOIN cart_item c ON c.session_id = s.id
      WHERE s.organization_id = ${organizationId}::uuid AND s.status = 'TRANSFERRED'
        AND s.closed_at >= ${period.from} AND s.closed_at < ${period.until}`;
    return {
      refusedOffers: events.refused,
      removedAtTransfer: events.removed,
      transferredLines: lines.lines,
      preferredLines: lines.preferred,
    };
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
