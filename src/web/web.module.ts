import { Global, Module } from '@nestjs/common';
import { PageErrorResponder } from '../common/filters/page-error.responder';
import { HtmlErrorResponder } from './html-error.responder';
import { PageAreas } from './page-areas';

/** The page toolkit: the page areas' registry and the HTML error responder the global filter asks. */
@Global()
@Module({
  providers: [PageAreas, { provide: PageErrorResponder, useClass: HtmlErrorResponder }],
  exports: [PageAreas, PageErrorResponder],
})
export class WebModule {}
