import { Module } from '@nestjs/common';
import { GuidanceRulesController } from './guidance-rules.controller';
import { GuidanceRulesService } from './guidance-rules.service';

@Module({
  controllers: [GuidanceRulesController],
  providers: [GuidanceRulesService],
  exports: [GuidanceRulesService],
})
export class GuidanceRulesModule {}
