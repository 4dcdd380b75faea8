import { Module } from '@nestjs/common';
import { NoRulesGuidanceProvider } from './no-rules-guidance.provider';
import { SearchGuidanceProvider } from './search-guidance';

@Module({
  providers: [{ provide: SearchGuidanceProvider, useClass: NoRulesGuidanceProvider }],
  exports: [SearchGuidanceProvider],
})
export class GuidanceModule {}
