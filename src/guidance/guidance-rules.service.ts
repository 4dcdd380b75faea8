import { HttpStatus, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AuditActor, AuditEventTypes } from '../audit/audit-event';
import { AuditService } from '../audit/audit.service';
import { CatalogService } from '../catalog/catalog.service';
import { Clock } from '../common/clock/clock';
import { ApiError } from '../common/http/api-error';
import { AppConfig } from '../config/app-config';
import { PrismaService } from '../database/prisma.service';
import { PrismaTx, withinTransaction } from '../database/prisma-transaction';
import { GuidanceRule } from '../generated/prisma/client';
import { CreateGuidanceRuleDto, guidanceRuleProblems } from './dto/create-guidance-rule.dto';
import { GuidanceRuleSpec } from './guidance-evaluator';

/** Upper bound of active rules per organization: each one becomes a predicate in the search query. */
export const MAX_ACTIVE_RULES = 500;

/** An organization's loaded rules, with their JSON to tell an unchanged reload. */
interface CachedRules {
  rules: GuidanceRuleSpec[];
  json: string;
  expiresAt: number;
}

@Injectable()
export class GuidanceRulesService {
  private readonly cache = new Map<string, CachedRules>();
  /** Rule id -> its effect and note (immutable: rules are only ever disabled), bounded. */
  private readonly ruleFacts = new LRUCache<string, { blocked: boolean; note: string | null }>({
    max: 10_000,
  });
  /** The reload under way per organization: concurrent requests wait for the same one. */
  private readonly loading = new Map<string, Promise<GuidanceRuleSpec[]>>();
  /**
   * Per organization, advances with every change made through this process; a reload that spans one
   * is not kept. (One counter for all organizations made every reload under way unkeepable.)
   */
  private readonly changes = new Map<string, number>();

  /**
   * How long a process reuses an organization's loaded rules (GUIDANCE_CACHE_TTL_MS). A change made
   * through this process is visible on its next request (the entry is dropped); other replicas see
   * it within this bound.
   */
  private readonly cacheTtlMs: number;

  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    config: AppConfig,
  ) {
    this.cacheTtlMs = config.guidanceCache.ttlMs;
  }

  /**
   * The organization's active rules, loaded once per request at most (cached briefly). The list is
   * immutable and its identity means "these rules": a reload that finds the same rules returns the
   * array it already had (only its expiry moves on), so what is cached by it (compiled guidance,
   * search results, rendered product bodies) survives until the rules really change.
   */
  activeRules(organizationId: string): Promise<GuidanceRuleSpec[]> {
    const cached = this.cache.get(organizationId);
    if (cached && cached.expiresAt > this.clock.now().getTime()) return Promise.resolve(cached.rules);
    let loading = this.loading.get(organizationId);
    if (!loading) {
      loading = this.reload(organizationId).finally(() => {
        if (this.loading.get(organizationId) === loading) this.loading.delete(organizationId);
      });
      this.loading.set(organizationId, loading);
    }
    return loading;
  }

  private async reload(organizationId: string): Promise<GuidanceRuleSpec[]> {
    const startedAt = this.clock.now().getTime();
    const changes = this.changes.get(organizationId) ?? 0;
    const rows = await this.prisma.guidanceRule.findMany({
      where: { organizationId, disabledAt: null },
      orderBy: { createdAt: 'asc' },
      select: { id: true, effect: true, matcher: true, value: true, currency: true },
    });
    // Read before a change through this process committed: answer it, but keep nothing.
    if (changes !== (this.changes.get(organizationId) ?? 0)) return rows;
    const json = JSON.stringify(rows);
    const previous = this.cache.get(organizationId);
    const rules = previous?.json === json ? previous.rules : rows;
    // With the cache off (0) the entry is already expired: it only keeps the identity of the list.
    this.cache.set(organizationId, { rules, json, expiresAt: startedAt + this.cacheTtlMs });
    return rules;
  }

  /** After a change: the next request loads the rules again, not joining a load begun before. */
  private forget(organizationId: string): void {
    this.changes.set(organizationId, (this.changes.get(organizationId) ?? 0) + 1);
    this.cache.delete(organizationId);
    this.loading.delete(organizationId);
  }

  /**
   * The organization's active rules as they are now, with their notes, bypassing the cache (what a
   * punchout transfer re-validates against). Inside a transaction that holds a row lock, pass its
   * client as `db`, never the pool: waiters on that lock, each holding a pool connection, would starve
   * the holder of the connection it needs (seen: adds racing a transfer, pool of 10).
   */
  currentRules(
    organizationId: string,
    db: PrismaTx | PrismaService = this.prisma,
  ): Promise<Array<GuidanceRuleSpec & { note: string | null }>> {
    return db.guidanceRule.findMany({
      where: { organizationId, disabledAt: null },
      orderBy: { createdAt: 'asc' },
      select: { id: true, effect: true, matcher: true, value: true, currency: true, note: true },
    });
  }

  /**
   * The notes of the blocking rules among `ruleIds` (rule id -> note, null when it has none). Rules
   * are never edited, only disabled, so a rule's effect and note are kept per process once read: a
   * shop page naming a blocked offer's rule asks the database only for rules it has not seen yet.
   */
  async blockingNotes(ruleIds: string[]): Promise<Map<string, string | null>> {
    const unknown = ruleIds.filter((id) => !this.ruleFacts.has(id));
    if (unknown.length > 0) {
      const rows = await this.prisma.guidanceRule.findMany({
        where: { id: { in: unknown } },
        select: { id: true, effect: true, note: true },
      });
      for (const row of rows)
        this.ruleFacts.set(row.id, { blocked: row.effect === 'blocked', note: row.note });
    }
    const notes = new Map<string, string | null>();
    for (const id of ruleIds) {
      const facts = this.ruleFacts.get(id);
      if (facts?.blocked) notes.set(id, facts.note);
    }
    return notes;
  }

  list(organizationId: string, includeDisabled: boolean): Promise<GuidanceRule[]> {
    return this.prisma.guidanceRule.findMany({
      where: { organizationId, ...(includeDisabled ? {} : { disabledAt: null }) },
      orderBy: { createdAt: 'asc' },
    });
  }

  /**
   * A category rule must name a category of the catalog (a typo would silently match nothing). Only
   * a catalog with no categories at all (nothing imported yet) takes rules for categories to come.
   */
  private async requireKnownCategory(categoryId: string): Promise<void> {
    if ((await this.catalog.categoryStanding(categoryId)) === 'unknown') {
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'invalid_request',
        `value for matcher category names no category of the catalog: "${categoryId}"`,
      );
    }
  }

  /**
   * `author` is stored on the rule (e-mail or CLI label); `actor` is who the audit event names; `tx`:
   * write within the caller's transaction (the demo seed).
   */
  async create(
    organizationId: string,
    input: CreateGuidanceRuleDto,
    author: string,
    actor: AuditActor,
    tx?: PrismaTx,
  ): Promise<GuidanceRule> {
    const problems = guidanceRuleProblems(input);
    if (problems.length > 0)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', problems.join('; '));
    if (input.matcher === 'category') await this.requireKnownCategory(input.value);
    const rule = await withinTransaction(this.prisma, tx, async (tx) => {
      // Count and insert under a per-organization lock held to commit, so parallel creations cannot
      // all see room for one more (a transaction-scoped advisory lock: unlike a row lock on the
      // organization it does not block inserts elsewhere that reference the organization).
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`guidance-rule-cap:${organizationId}`}, 0))`;
      const active = await tx.guidanceRule.count({ where: { organizationId, disabledAt: null } });
      if (active >= MAX_ACTIVE_RULES) {
        throw new ApiError(
          HttpStatus.CONFLICT,
          'conflict',
          `An organization can have at most ${MAX_ACTIVE_RULES} active rules; remove one first.`,
        );
      }
      const created = await tx.guidanceRule.create({
        data: {
          organizationId,
          effect: input.effect,
          matcher: input.matcher,
          value: input.value,
          currency: input.currency,
          note: input.note,
          createdBy: author,
        },
      });
      await this.audit.append(tx, {
        organizationId,
        type: AuditEventTypes.guidanceRuleAdded,
        actor,
        payload: { rule: rulePayload(created) },
      });
      return created;
    });
    this.forget(organizationId);
    return rule;
  }

  /** Rules are disabled, never deleted, so the record of what applied when stays. Idempotent. */
  async disable(
    organizationId: string,
    ruleId: string,
    author: string,
    actor: AuditActor,
  ): Promise<GuidanceRule> {
    // Scoped by organization: another organization's rule is "not found", not "forbidden".
    const rule = await this.prisma.guidanceRule.findFirst({ where: { id: ruleId, organizationId } });
    if (!rule) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No guidance rule ${ruleId}.`);
    if (rule.disabledAt) return rule;
    const disabled = await this.prisma.$transaction(async (tx) => {
      // Only an active rule is disabled, so two concurrent removals record one event.
      const { count } = await tx.guidanceRule.updateMany({
        where: { id: rule.id, disabledAt: null },
        data: { disabledAt: this.clock.now(), disabledBy: author },
      });
      if (count === 1) {
        await this.audit.append(tx, {
          organizationId,
          type: AuditEventTypes.guidanceRuleDisabled,
          actor,
          payload: { rule: rulePayload(rule) },
        });
      }
      return tx.guidanceRule.findUniqueOrThrow({ where: { id: rule.id } });
    });
    this.forget(organizationId);
    return disabled;
  }
}

/** A rule as the audit trail records it (for a disable: as it was before). */
function rulePayload(rule: GuidanceRule): Record<string, unknown> {
  return {
    id: rule.id,
    effect: rule.effect,
    matcher: rule.matcher,
    value: rule.value,
    currency: rule.currency,
    note: rule.note,
    createdBy: rule.createdBy,
    createdAt: rule.createdAt.toISOString(),
  };
}
