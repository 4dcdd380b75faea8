import { Module } from '@nestjs/common';
import { OAuthModule } from '../oauth/oauth.module';
import { PunchoutModule } from '../punchout/punchout.module';
import { PageLanguageGuard } from '../web/page-area.guard';
import { TestBenchPageArea } from './test-bench-page.area';
import { TestBenchCxmlService } from './test-bench-cxml.service';
import { TestBenchController } from './test-bench.controller';
import { TestBenchEnabledGuard } from './test-bench-enabled.guard';
import { TestBenchService } from './test-bench.service';

/** The punchout test bench: a stand-in procurement system for integrators (TEST_BENCH). */
@Module({
  imports: [OAuthModule, PunchoutModule],
  controllers: [TestBenchController],
  providers: [
    TestBenchService,
    TestBenchCxmlService,
    TestBenchEnabledGuard,
    PageLanguageGuard,
    TestBenchPageArea,
  ],
})
export class TestBenchModule {}
