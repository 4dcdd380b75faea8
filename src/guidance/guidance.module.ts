import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CatalogModule } from '../catalog/catalog.module';
import { GuidanceRulesController } from './guidance-rules.controller';
import { GuidanceRulesService } from './guidance-rules.service';
import { RulesGuidanceProvider } from './rules-guidance.provider';
import { SearchGuidanceProvider } from './search-guidance';

/**
 * Buying guidance: the rules API for procurement admins, the per-process rule cache, and the SQL
 * predicates search evaluates. One module, so search, product details and the CLI share one cache.
 */
@Module({
  imports: [AuditModule, CatalogModule],
  controllers: [GuidanceRulesController],
  providers: [GuidanceRulesService, { provide: SearchGuidanceProvider, useClass: RulesGuidanceProvider }],
  exports: [GuidanceRulesService, SearchGuidanceProvider],
})
export class GuidanceModule {}
