import { Injectable } from '@nestjs/common';
import { FALSE } from '../catalog/sql-fragment';
import { SearchGuidance, SearchGuidanceProvider } from './search-guidance';

const NO_RULES: SearchGuidance = { offerBlocked: FALSE, offerPreferred: FALSE, productPreferred: FALSE };

/** Until buying guidance exists: no rule, so nothing is preferred or blocked. */
@Injectable()
export class NoRulesGuidanceProvider extends SearchGuidanceProvider {
  forOrganization(_organizationId: string): Promise<SearchGuidance> {
    return Promise.resolve(NO_RULES);
  }
}
