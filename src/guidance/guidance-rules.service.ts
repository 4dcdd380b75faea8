import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
import { GuidanceRule } from '../generated/prisma/client';
import { CreateGuidanceRuleDto, guidanceRuleProblems } from './dto/create-guidance-rule.dto';
import { GuidanceRuleSpec } from './guidance-evaluator';

/**
 * How long a process reuses an organization's loaded rules. A change made through this process is
 * visible on its next request (the entry is dropped); other replicas see it within this bound.
 */
export const GUIDANCE_CACHE_TTL_MS = 5_000;

/** Upper bound of active rules per organization: each one becomes a predicate in the search query. */
export const MAX_ACTIVE_RULES = 500;

@Injectable()
export class GuidanceRulesService {
  private readonly cache = new Map<string, { rules: GuidanceRuleSpec[]; expiresAt: number }>();

  constructor(private readonly prisma: PrismaService) {}

  /** The organization's active rules, loaded once per request at most (cached briefly). */
  async activeRules(organizationId: string): Promise<GuidanceRuleSpec[]> {
    const cached = this.cache.get(organizationId);
    if (cached && cached.expiresAt > Date.now()) return cached.rules;
    const rows = await this.prisma.guidanceRule.findMany({
      where: { organizationId, disabledAt: null },
      orderBy: { createdAt: 'asc' },
      select: { id: true, effect: true, matcher: true, value: true, currency: true },
    });
    this.cache.set(organizationId, { rules: rows, expiresAt: Date.now() + GUIDANCE_CACHE_TTL_MS });
    return rows;
  }

  list(organizationId: string, includeDisabled: boolean): Promise<GuidanceRule[]> {
    return this.prisma.guidanceRule.findMany({
      where: { organizationId, ...(includeDisabled ? {} : { disabledAt: null }) },
      orderBy: { createdAt: 'asc' },
    });
  }

  async create(organizationId: string, input: CreateGuidanceRuleDto, author: string): Promise<GuidanceRule> {
    const problems = guidanceRuleProblems(input);
    if (problems.length > 0)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', problems.join('; '));
    const active = await this.prisma.guidanceRule.count({ where: { organizationId, disabledAt: null } });
    if (active >= MAX_ACTIVE_RULES) {
      throw new ApiError(
        HttpStatus.CONFLICT,
        'conflict',
        `An organization can have at most ${MAX_ACTIVE_RULES} active rules; remove one first.`,
      );
    }
    const rule = await this.prisma.guidanceRule.create({
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
    this.cache.delete(organizationId);
    return rule;
  }

  /** Rules are disabled, never deleted, so the record of what applied when stays. Idempotent. */
  async disable(organizationId: string, ruleId: string, author: string): Promise<GuidanceRule> {
    // Scoped by organization: another organization's rule is "not found", not "forbidden".
    const rule = await this.prisma.guidanceRule.findFirst({ where: { id: ruleId, organizationId } });
    if (!rule) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No guidance rule ${ruleId}.`);
    if (rule.disabledAt) return rule;
    const disabled = await this.prisma.guidanceRule.update({
      where: { id: rule.id },
      data: { disabledAt: new Date(), disabledBy: author },
    });
    this.cache.delete(organizationId);
    return disabled;
  }
}
