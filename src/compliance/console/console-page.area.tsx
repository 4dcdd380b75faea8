import { Injectable } from '@nestjs/common';
import type { PageLanguage } from '../../web/language';
import { RegisteredPageArea } from '../../web/page-areas';
import { consoleMessages } from './console-messages';
import { CONSOLE_PATH, CONSOLE_STYLES, ConsoleHeader, consoleDocumentTitle } from './pages/console-frame';

/** The compliance console's pages: errors look like the console (its header, without navigation). */
@Injectable()
export class ConsolePageArea extends RegisteredPageArea {
  readonly prefix = CONSOLE_PATH;
  readonly styles = CONSOLE_STYLES;

  header(lang: PageLanguage) {
    return <ConsoleHeader text={consoleMessages(lang)} />;
  }

  documentTitle(title: string, lang: PageLanguage): string {
    return consoleDocumentTitle(title, consoleMessages(lang));
  }
}
