import { Injectable } from '@nestjs/common';
import { AuditEventTypes } from '../audit/audit-event';
import { insensitiveContains, insensitiveEquals } from '../database/like-pattern';
import { PrismaService } from '../database/prisma.service';
import { AuditEvent, Prisma, User } from '../generated/prisma/client';
import type { PunchoutStatusName } from './review/session-record';

/**
 * Compliance reads what other features own: punchout sessions and their carts, the audit chain's
 * events, offers, guidance rules, users and organizations. Every such read is here and nowhere else
 * in src/compliance (the table-ownership spec allows this one file): a change to another feature's
 * table shows at once what the review, the console and its figures depend on.
 */
@Injectable()
export class ComplianceQueries {
  constructor(private readonly prisma: PrismaService) {}

  /** A page of the organization's sessions the filter matches, newest first, starting after `after`. */
  sessions(
    organizationId: string,
    filter: SessionFilter,
    after: { createdAt: Date; id: string } | undefined,
    take: number,
  ): Promise<SessionRow[]> {
    const and: Prisma.PunchoutSessionWhereInput[] = [{ organizationId }];
    if (filter.createdAt) and.push({ createdAt: filter.createdAt });
    if (filter.status) and.push({ status: filter.status });
    if (filter.email) and.push({ user: { email: filter.email } });
    if (filter.reference) and.push({ publicId: insensitiveEquals(filter.reference) });
    if (filter.protocol) and.push({ protocol: filter.protocol });
    if (filter.product) {
      const name = insensitiveContains(filter.product);
      and.push({
        OR: [
          { productId: filter.product },
          { product: { name } },
          { cartItems: { some: { offer: { OR: [{ productId: filter.product }, { product: { name } }] } } } },
        ],
      });
    }
    if (filter.productId) {
      and.push({
        OR: [
          { productId: filter.productId },
          { cartItems: { some: { offer: { productId: filter.productId } } } },
        ],
      });
    }
    if (after) {
      and.push({
        OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
      });
    }
    return this.prisma.punchoutSession.findMany({
      where: { AND: and },
      include: SESSION_INCLUDE,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
    });
  }

  /** One session of the organization, or null (another organization's id reads as unknown). */
  session(organizationId: string, id: string): Promise<SessionRow | null> {
    return this.prisma.punchoutSession.findFirst({ where: { id, organizationId }, include: SESSION_INCLUDE });
  }

  /** The session's events in chain order. */
  sessionEvents(organizationId: string, sessionId: string): Promise<AuditEvent[]> {
    return this.prisma.auditEvent.findMany({
      where: { organizationId, sessionId },
      orderBy: { sequence: 'asc' },
    });
  }

  /** Events matching `where` (scoped by the caller to one organization), by sequence. */
  events(where: Prisma.AuditEventWhereInput, order: 'asc' | 'desc', take: number): Promise<AuditEvent[]> {
    return this.prisma.auditEvent.findMany({ where, orderBy: { sequence: order }, take });
  }

  /** Product name and vendor of offers still in the catalog. */
  offerNames(ids: string[]): Promise<Array<{ id: string; vendor: string; product: { name: string } }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.prisma.offer.findMany({
      where: { id: { in: ids } },
      select: { id: true, vendor: true, product: { select: { name: true } } },
    });
  }

  /** The organization's guidance rules named (rules are never edited, only disabled). */
  rules(organizationId: string, ids: string[]): Promise<RuleFacts[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.prisma.guidanceRule.findMany({
      where: { organizationId, id: { in: ids } },
      select: { id: true, effect: true, matcher: true, value: true, currency: true, note: true },
    });
  }

  /** Ids of the organization's users whose e-mail matches `email` (a LIKE condition), at most 1,000. */
  async userIdsByEmail(organizationId: string, email: Prisma.StringFilter): Promise<string[]> {
    const users = await this.prisma.user.findMany({
      where: { organizationId, email },
      select: { id: true },
      take: 1_000,
    });
    return users.map((user) => user.id);
  }

  /** E-mail by user id, for the organization's users named. */
  async emails(organizationId: string, userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const users = await this.prisma.user.findMany({
      where: { organizationId, id: { in: userIds } },
      select: { id: true, email: true },
    });
    return new Map(users.map((user) => [user.id, user.email]));
  }

  /** The organization's user `id`; throws Prisma's not-found error when there is none. */
  userOf(organizationId: string, id: string): Promise<User> {
    return this.prisma.user.findFirstOrThrow({ where: { id, organizationId } });
  }

  /** The user `email` of the organization with `slug`, or null. */
  userByEmailIn(slug: string, email: string): Promise<User | null> {
    return this.prisma.user.findFirst({ where: { email, organization: { slug } } });
  }

  /** Every user with `email`, in any organization, oldest first (single sign-on names no organization). */
  usersByEmail(tx: Prisma.TransactionClient, email: string): Promise<User[]> {
    return tx.user.findMany({ where: { email }, orderBy: { createdAt: 'asc' } });
  }

  /** A sign-in link with its user, read in the transaction that spends it. */
  linkWithUser(tx: Prisma.TransactionClient, tokenHash: Uint8Array<ArrayBuffer>) {
    return tx.auditConsoleLink.findUniqueOrThrow({ where: { tokenHash }, include: { user: true } });
  }

  /** A console session with its user and organization (who is viewing), or null. */
  consoleSessionWithViewer(tokenHash: Uint8Array<ArrayBuffer>) {
    return this.prisma.auditConsoleSession.findUnique({
      where: { tokenHash },
      include: { user: true, organization: true },
    });
  }

  /** Sessions created per UTC day of the period and status (days without sessions absent). */
  outcomeCounts(
    organizationId: string,
    period: DayPeriod,
  ): Promise<Array<{ day: string; status: PunchoutStatusName; count: number }>> {
    // Grouped by the day's timestamp, formatted per group: to_char on every session cost more than the count.
    return this.prisma.$queryRaw`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, status::text AS status, count
      FROM (
        SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, status, count(*)::int AS count
        FROM punchout_session
        WHERE organization_id = ${organizationId}::uuid
          AND created_at >= ${period.from} AND created_at < ${period.until}
        GROUP BY 1, 2
      ) AS per_day`;
  }

  /**
   * The lines of the sessions transferred in the period, added up in one pass (the join is most of
   * the work): per day and currency, per vendor and currency (the `topVendors` largest of each
   * currency), and in total. Each line counts with the net amount it was posted with
   * (cart_item.line_net), never a quoted gross price.
   */
  transferredLines(
    organizationId: string,
    period: DayPeriod,
    topVendors: number,
  ): Promise<TransferredLinesRow[]> {
    return this.prisma.$queryRaw`
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
      WHERE "groupingSet" <> ${LINES_BY_VENDOR} OR rank <= ${topVendors}
      ORDER BY "groupingSet", day, currency, rank`;
  }

  /**
   * What guidance refused and removed, each counted in its own partial index of audit_event (the
   * migration dashboard_figure_indexes): the conditions here must stay those of the index
   * predicates, or PostgreSQL reads every cart change of the period instead.
   */
  async guidanceEventCounts(
    organizationId: string,
    period: DayPeriod,
  ): Promise<{ refused: number; removed: number }> {
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
    return counts;
  }
}

const SESSION_INCLUDE = {
  user: { select: { email: true } },
  product: { select: { name: true } },
  cartItems: {
    include: { offer: { select: { productId: true, vendor: true, product: { select: { name: true } } } } },
    orderBy: { createdAt: 'asc' },
  },
} satisfies Prisma.PunchoutSessionInclude;

/** A session as the review reads it: the buyer's e-mail, the product, the cart lines with their offers. */
export type SessionRow = Prisma.PunchoutSessionGetPayload<{ include: typeof SESSION_INCLUDE }>;

/** Which sessions a review list shows; every condition given must hold. */
export interface SessionFilter {
  createdAt?: { gte?: Date; lt?: Date };
  status?: PunchoutStatusName;
  email?: string;
  /** The reference the buyer sees, any letter case. */
  reference?: string;
  protocol?: string;
  /** A product id, or part of a product's name: the session's product or one in its cart. */
  product?: string;
  productId?: string;
}

/** What a session's timeline shows of a guidance rule it names. */
export type RuleFacts = Prisma.GuidanceRuleGetPayload<{
  select: { id: true; effect: true; matcher: true; value: true; currency: true; note: true };
}>;

/** A period of whole UTC days: `from` at midnight, `until` the midnight after its last day. */
export interface DayPeriod {
  from: Date;
  until: Date;
}

/** A row of transferredLines: one per (day, currency), per (vendor, currency), and the total. */
export interface TransferredLinesRow {
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
export const LINES_BY_DAY = 1;
export const LINES_BY_VENDOR = 2;
export const LINES_TOTAL = 3;
