import { Module } from '@nestjs/common';
import { OAuthModule } from '../oauth/oauth.module';
import { DemoSeedService } from './demo-seed.service';

@Module({ imports: [OAuthModule], providers: [DemoSeedService], exports: [DemoSeedService] })
export class DemoModule {}
