import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Public } from '../common/decorators/public.decorator';
import { AppConfig } from '../config/app-config';
import type { PageLanguage } from '../web/language';
import { PageLanguageGuard } from '../web/page-area.guard';
import { PageRoute } from '../web/page-reply';
import { PageLang } from '../web/page-request';
import { PageResult, pageResult } from '../web/page-result';
import { HOME_MESSAGES } from './home.messages';
import { HomePage } from './home.page';

/** The gateway's version (package.json, two levels up from src/home and dist/home). */
const VERSION = (
  JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

/** `GET /`: a person who opens the gateway's address learns what it is and where to go. */
@ApiExcludeController()
@Public()
@UseGuards(PageLanguageGuard)
@Controller()
export class HomeController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  @PageRoute()
  home(@PageLang() lang: PageLanguage): PageResult {
    return pageResult(
      <HomePage lang={lang} text={HOME_MESSAGES[lang]} version={VERSION} testBench={this.config.testBench} />,
    );
  }
}
