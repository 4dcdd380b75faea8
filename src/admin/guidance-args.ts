import { isUUID } from 'class-validator';
import { cliActorLabel } from '../audit/audit-actor';
import { validateInput, InvalidInputError } from '../common/validation/validate-input';
import { CreateGuidanceRuleDto, guidanceRuleProblems } from '../guidance/dto/create-guidance-rule.dto';
import { UsageError } from './cli-command';

/**
 * `guidance add` options, validated with the same DTO and per-matcher checks as
 * POST /api/v1/guidance/rules, before anything connects (bad input exits 2, nothing written).
 */
export function parseGuidanceRuleArgs(values: Record<string, unknown>): CreateGuidanceRuleDto {
  const rule = validateInput(CreateGuidanceRuleDto, {
    effect: values.effect,
    matcher: values.matcher,
    value: values.value,
    currency: values.currency,
    note: values.note,
  });
  const problems = guidanceRuleProblems(rule);
  if (problems.length > 0) throw new InvalidInputError(problems);
  return rule;
}

export function parseRuleId(value: string, usage: string): string {
  if (!isUUID(value, '4')) throw new UsageError(`ruleId must be a rule id (a UUID); usage: gateway ${usage}`);
  return value;
}

/** Who made a change from the command line: `cli:<OS user>@<host>`, as the audit trail names them. */
export function cliAuthor(env: NodeJS.ProcessEnv): string {
  return cliActorLabel(env);
}
