import { Module } from '@nestjs/common';
import { OAuthModule } from '../oauth/oauth.module';
import { TestBenchController } from './test-bench.controller';
import { TestBenchEnabledGuard } from './test-bench-enabled.guard';
import { TestBenchService } from './test-bench.service';

/** The punchout test bench: a stand-in procurement system for integrators (TEST_BENCH). */
@Module({
  imports: [OAuthModule],
  controllers: [TestBenchController],
  providers: [TestBenchService, TestBenchEnabledGuard],
})
export class TestBenchModule {}
