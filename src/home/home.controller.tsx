import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Public } from '../common/decorators/public.decorator';
import { AppConfig } from '../config/app-config';
import { pickLanguage } from '../web/language';
import { sendPage } from '../web/page-security';
import { renderPage } from '../web/render-page';
import { HOME_MESSAGES } from './home.messages';
import { HomePage } from './home.page';

/** The gateway's version (package.json, two levels up from src/home and dist/home). */
const VERSION = (
  JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

/** `GET /`: a person who opens the gateway's address learns what it is and where to go. */
@ApiExcludeController()
@Public()
@Controller()
export class HomeController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  home(@Headers('accept-language') acceptLanguage: string | undefined, @Res() reply: FastifyReply): void {
    const lang = pickLanguage(acceptLanguage, this.config.defaultLanguage);
    sendPage(
      reply,
      renderPage(
        <HomePage
          lang={lang}
          text={HOME_MESSAGES[lang]}
          version={VERSION}
          testBench={this.config.testBench}
        />,
      ),
    );
  }
}
