import { isUUID } from 'class-validator';
import { CreateGuidanceRuleDto, guidanceRuleProblems } from '../../guidance/dto/create-guidance-rule.dto';
import { GuidanceRuleResponse } from '../../guidance/dto/guidance-rule.response';
import { GuidanceRulesService } from '../../guidance/guidance-rules.service';
import { OrganizationsService } from '../../oauth/organizations.service';
import {
  CliArgs,
  cliActor,
  cliAuthor,
  flagOption,
  handler,
  onlyPositionals,
  requiredOption,
  service,
  stringOption,
  UsageError,
} from '../cli-command';
import { printResult, table } from '../cli-output';
import { validateArgs } from '../cli-validation';
import { GuidanceModule } from '../../guidance/guidance.module';
import { OAuthModule } from '../../oauth/oauth.module';

const GUIDANCE = () => [OAuthModule, GuidanceModule];

interface AddInput {
  org: string;
  rule: CreateGuidanceRuleDto;
}

interface ListInput {
  org: string;
  all: boolean;
}

interface RemoveInput {
  org: string;
  ruleId: string;
}

export const guidanceAdd = handler<AddInput>({
  needsApp: true,
  modules: GUIDANCE,
  parse(args) {
    onlyPositionals(args, []);
    const org = requiredOption(args, 'org');
    return { org, rule: parseGuidanceRuleArgs(args) };
  },
  async run(ctx) {
    const { org, rule } = ctx.input;
    const organization = await service(ctx, OrganizationsService).bySlug(org);
    const created = GuidanceRuleResponse.from(
      await service(ctx, GuidanceRulesService).create(
        organization.id,
        rule,
        cliAuthor(ctx.io.env),
        cliActor(ctx),
      ),
    );
    printResult(ctx.io, ctx.json, created, `Added rule ${created.id}: ${describeRule(created)}`);
  },
});

export const guidanceList = handler<ListInput>({
  needsApp: true,
  modules: GUIDANCE,
  parse(args) {
    onlyPositionals(args, []);
    return { org: requiredOption(args, 'org'), all: flagOption(args, 'all') };
  },
  async run(ctx) {
    const { org, all } = ctx.input;
    const organization = await service(ctx, OrganizationsService).bySlug(org);
    const rules = (await service(ctx, GuidanceRulesService).list(organization.id, all)).map(
      GuidanceRuleResponse.from,
    );
    printResult(
      ctx.io,
      ctx.json,
      rules,
      table(
        ['id', 'status', 'rule', 'note'],
        rules.map((r) => [r.id, r.disabledAt ? 'disabled' : 'active', describeRule(r), r.note ?? '']),
        'No rules',
      ),
    );
  },
});

export const guidanceRemove = handler<RemoveInput>({
  needsApp: true,
  modules: GUIDANCE,
  parse(args) {
    const [ruleId] = onlyPositionals(args, ['<ruleId>']);
    const org = requiredOption(args, 'org');
    if (!isUUID(ruleId, '4'))
      throw new UsageError('<ruleId> must be a rule id (a UUID, as `guidance list` shows it)');
    return { org, ruleId };
  },
  async run(ctx) {
    const { org, ruleId } = ctx.input;
    const organization = await service(ctx, OrganizationsService).bySlug(org);
    const rule = GuidanceRuleResponse.from(
      await service(ctx, GuidanceRulesService).disable(
        organization.id,
        ruleId,
        cliAuthor(ctx.io.env),
        cliActor(ctx),
      ),
    );
    printResult(ctx.io, ctx.json, rule, `Disabled rule ${rule.id} (kept in the history)`);
  },
});

/**
 * `guidance add` options, validated with the same DTO and per-matcher checks as
 * POST /api/v1/guidance/rules, before anything connects (bad input exits 2, nothing written).
 */
function parseGuidanceRuleArgs(args: CliArgs): CreateGuidanceRuleDto {
  const rule = validateArgs(
    CreateGuidanceRuleDto,
    {
      effect: stringOption(args, 'effect'),
      matcher: stringOption(args, 'matcher'),
      value: stringOption(args, 'value'),
      currency: stringOption(args, 'currency'),
      note: stringOption(args, 'note'),
    },
    { effect: '--effect', matcher: '--matcher', value: '--value', currency: '--currency', note: '--note' },
  );
  const problems = guidanceRuleProblems(rule);
  if (problems.length > 0) throw new UsageError(problems.join('; '));
  return rule;
}

function describeRule(rule: GuidanceRuleResponse): string {
  const value = rule.matcher === 'price_above' ? `${rule.value} ${rule.currency}` : rule.value;
  return `${rule.effect} ${rule.matcher} ${value}`;
}
