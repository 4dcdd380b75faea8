import { Body, Controller, Get, Headers, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/decorators/public.decorator';
import { LOCALES } from '../common/i18n/money';
import { AppConfig } from '../config/app-config';
import { pickLanguage } from '../web/language';
import { sendPage } from '../web/page-security';
import { renderPage } from '../web/render-page';
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
@UseGuards(TestBenchEnabledGuard)
@Controller('test-bench')
export class TestBenchController {
  constructor(
    private readonly config: AppConfig,
    private readonly bench: TestBenchService,
    private readonly cxmlBench: TestBenchCxmlService,
  ) {}

  @Get()
  async page(@Headers('accept-language') acceptLanguage: string | undefined, @Res() reply: FastifyReply) {
    const lang = pickLanguage(acceptLanguage, this.config.defaultLanguage);
    const page = (
      <BenchPage
        lang={lang}
        t={TEST_BENCH_MESSAGES[lang]}
        hookUrl={`${this.config.publicUrl}${TEST_BENCH_RECEIVER_PATH}`}
        defaults={await this.bench.defaults()}
      />
    );
    // The form's action is the gateway's own call-up (same origin as the page).
    sendPage(reply, renderPage(page));
  }

  /** A cXML setup as a buyer's system sends it; the browser goes on to the StartPage it answers. */
  @Post('cxml')
  async cxml(
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
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
    if (answer.ok) {
      void reply.header('cache-control', 'no-store').redirect(answer.startPageUrl, 303);
      return;
    }
    const lang = pickLanguage(acceptLanguage, this.config.defaultLanguage);
    const t = TEST_BENCH_MESSAGES[lang];
    sendPage(
      reply,
      renderPage(
        <BenchPage
          lang={lang}
          t={t}
          hookUrl={`${this.config.publicUrl}${TEST_BENCH_RECEIVER_PATH}`}
          defaults={await this.bench.defaults()}
          refusal={t.cxmlRefused(answer.code, answer.text)}
        />,
      ),
      { status: 400 },
    );
  }

  @Get('receiver')
  receiverEmpty(@Headers('accept-language') acceptLanguage: string | undefined, @Res() reply: FastifyReply) {
    this.receiver(acceptLanguage, null, reply);
  }

  /** What a procurement system's HOOK_URL receives: shown, stored nowhere. */
  @Post('receiver')
  received(
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ) {
    this.receiver(acceptLanguage, typeof body === 'string' ? body : '', reply);
  }

  private receiver(acceptLanguage: string | undefined, rawBody: string | null, reply: FastifyReply) {
    const lang = pickLanguage(acceptLanguage, this.config.defaultLanguage);
    const receivedAt = new Date().toLocaleString(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'medium' });
    sendPage(
      reply,
      renderPage(
        <ReceiverPage
          lang={lang}
          t={TEST_BENCH_MESSAGES[lang]}
          received={rawBody === null ? null : readReceivedPost(rawBody)}
          receivedAt={receivedAt}
        />,
      ),
    );
  }
}
