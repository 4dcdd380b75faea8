import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { OAuthModule } from '../oauth/oauth.module';
import { DemoSeedService } from './demo-seed.service';

@Module({
  imports: [OAuthModule, CatalogModule, GuidanceModule],
  providers: [DemoSeedService],
  exports: [DemoSeedService],
})
export class DemoModule {}
