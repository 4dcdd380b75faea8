import { Injectable } from '@nestjs/common';
import { GuidanceRuleSpec } from './guidance-evaluator';
import { compileSearchGuidance } from './guidance-sql';
import { GuidanceRulesService } from './guidance-rules.service';
import { SearchGuidance, SearchGuidanceProvider } from './search-guidance';

/**
 * Search's guidance from the organization's active rules: loaded through the rules cache (one
 * load per organization per cache period, none per result) and compiled to SQL predicates.
 */
@Injectable()
export class RulesGuidanceProvider extends SearchGuidanceProvider {
  /** Compiled predicates per cached rule list: the same list object is reused until it changes. */
  private readonly compiled = new WeakMap<readonly GuidanceRuleSpec[], SearchGuidance>();

  constructor(private readonly rules: GuidanceRulesService) {
    super();
  }

  async forOrganization(organizationId: string): Promise<SearchGuidance> {
    const rules = await this.rules.activeRules(organizationId);
    let guidance = this.compiled.get(rules);
    if (!guidance) {
      guidance = compileSearchGuidance(rules);
      this.compiled.set(rules, guidance);
    }
    return guidance;
  }
}
