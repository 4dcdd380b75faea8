import { Body, Controller, Get, Post, Req, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { LOCALES } from '../common/i18n/money';
import { AppConfig } from '../config/app-config';
import type { PageLanguage } from '../web/language';
import { PageLanguageGuard } from '../web/page-area.guard';
import { PageRoute } from '../web/page-reply';
import { PageLang } from '../web/page-request';
import { PageResult, pageResult, redirectTo } from '../web/page-result';
import { readReceivedPost } from './received-post';
import { TestBenchEnabledGuard } from './test-bench-enabled.guard';
import { TEST_BENCH_MESSAGES } from './test-bench.messages';
import { TestBenchCxmlService } from './test-bench-cxml.service';
import { TestBenchService } from './test-bench.service';
import { BenchPage } from './views/bench.page';
import { ReceiverPage } from './views/receiver.page';

export const TEST_BENCH_RECEIVER_PATH = '/test-bench/receiver';

/**
 * `/test-bench`: an integrator tries a punchout without SAP or Coupa. The bench page posts SAP's
 * call-up to the gateway itself; the cart comes back to `/test-bench/receiver`, which shows it.
 */
@ApiExcludeController()
@Public()
@UseGuards(TestBenchEnabledGuard, PageLanguageGuard)
@Controller('test-bench')
export class TestBenchController {
  constructor(
    private readonly config: AppConfig,
    private readonly bench: TestBenchService,
    private readonly cxmlBench: TestBenchCxmlService,
  ) {}

  @Get()
  @PageRoute()
  async page(@PageLang() lang: PageLanguage): Promise<PageResult> {
    // The form's action is the gateway's own call-up (same origin as the page).
    return pageResult(
      <BenchPage
        lang={lang}
        t={TEST_BENCH_MESSAGES[lang]}
        hookUrl={`${this.config.publicUrl}${TEST_BENCH_RECEIVER_PATH}`}
        defaults={await this.bench.defaults()}
      />,
    );
  }

  /** A cXML setup as a buyer's system sends it; the browser goes on to the StartPage it answers. */
  @Post('cxml')
  @PageRoute()
  async cxml(
    @PageLang() lang: PageLanguage,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<PageResult> {
    const form = new URLSearchParams(typeof body === 'string' ? body : '');
    const field = (name: string, max: number) => (form.get(name) ?? '').trim().slice(0, max);
    const answer = await this.cxmlBench.open(
      {
        clientId: field('clientId', 100),
        punchoutSecret: field('punchoutSecret', 200),
        email: field('email', 254),
        productId: field('productId', 64),
        browserFormPostUrl: `${this.config.publicUrl}${TEST_BENCH_RECEIVER_PATH}`,
      },
      { ip: request.ip, userAgent: request.headers['user-agent'] },
    );
    if (answer.ok) return redirectTo(answer.startPageUrl);
    const t = TEST_BENCH_MESSAGES[lang];
    return pageResult(
      <BenchPage
        lang={lang}
        t={t}
        hookUrl={`${this.config.publicUrl}${TEST_BENCH_RECEIVER_PATH}`}
        defaults={await this.bench.defaults()}
        refusal={t.cxmlRefused(answer.code, answer.text)}
      />,
      400,
    );
  }

  @Get('receiver')
  @PageRoute()
  receiverEmpty(@PageLang() lang: PageLanguage): PageResult {
    return this.receiver(lang, null);
  }

  /** What a procurement system's HOOK_URL receives: shown, stored nowhere. */
  @Post('receiver')
  @PageRoute()
  received(@PageLang() lang: PageLanguage, @Body() body: unknown): PageResult {
    return this.receiver(lang, typeof body === 'string' ? body : '');
  }

  private receiver(lang: PageLanguage, rawBody: string | null): PageResult {
    // In UTC and saying so ("29.11.2026, 10:54:50 UTC"): the server's zone is not the reader's.
    const receivedAt = new Date().toLocaleString(LOCALES[lang], {
      dateStyle: 'medium',
      timeStyle: 'long',
      timeZone: 'UTC',
    });
    return pageResult(
      <ReceiverPage
        lang={lang}
        t={TEST_BENCH_MESSAGES[lang]}
        received={rawBody === null ? null : readReceivedPost(rawBody)}
        receivedAt={receivedAt}
      />,
    );
  }
}
