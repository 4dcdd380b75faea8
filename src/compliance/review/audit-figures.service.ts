import { Injectable } from '@nestjs/common';
import { minorUnitText } from '../../catalog/vat';
import {
  ComplianceQueries,
  DayPeriod,
  LINES_BY_DAY,
  LINES_BY_VENDOR,
  LINES_TOTAL,
} from '../compliance.queries';
import { outcomeOf, SessionOutcome } from './session-record';

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

/**
 * The console dashboard's figures for a period, each one SQL aggregate over indexed columns
 * (sessions by organization and day, transferred sessions by the day they were transferred, their
 * lines by session, guidance events by organization and time in partial indexes): nothing loads
 * events or carts into memory. The statements are in compliance.queries.ts; the dashboard's benchmark
 * (bench/console-dashboard.bench.js) shows each one's plan.
 */
@Injectable()
export class AuditFiguresService {
  constructor(private readonly queries: ComplianceQueries) {}

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
    const grouped = await this.queries.outcomeCounts(organizationId, period);
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
    const rows = await this.queries.transferredLines(organizationId, period, TOP_VENDORS);
    const spend: DailySpend[] = [];
    const topVendors: VendorSpend[] = [];
    // The empty grouping set always yields its row, with no lines: zero counts.
    const totals = { transferredLines: 0, preferredLines: 0 };
    for (const row of rows) {
      if (row.groupingSet === LINES_BY_DAY) {
        const currency = row.currency as string;
        spend.push({ day: row.day as string, currency, net: minorUnitText(row.net as string, currency) });
      } else if (row.groupingSet === LINES_BY_VENDOR) {
        topVendors.push({
          vendor: row.vendor as string,
          currency: row.currency as string,
          net: minorUnitText(row.net as string, row.currency as string),
          lines: row.lines,
        });
      } else if (row.groupingSet === LINES_TOTAL) {
        totals.transferredLines = row.lines;
        totals.preferredLines = row.preferred;
      }
    }
    return { spend, topVendors, totals };
  }

  /** What guidance refused and removed (each count read from its own partial index). */
  private async guidanceEvents(
    organizationId: string,
    period: DayPeriod,
  ): Promise<Pick<PolicyFigures, 'refusedOffers' | 'removedAtTransfer'>> {
    const counts = await this.queries.guidanceEventCounts(organizationId, period);
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
