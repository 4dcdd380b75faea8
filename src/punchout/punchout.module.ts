import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { ProductModule } from '../product/product.module';
import { SearchModule } from '../search/search.module';
import { PunchoutApiController } from './punchout-api.controller';
import { PunchoutCartService } from './punchout-cart.service';
import { PunchoutCatalogReader } from './punchout-catalog.reader';
import { PunchoutExpiryScheduler } from './punchout-expiry.scheduler';
import { PunchoutPageErrorFilter } from './punchout-page-error.filter';
import { PunchoutPagesController } from './punchout-pages.controller';
import { PunchoutPagesService } from './punchout-pages.service';
import { PunchoutReturnService } from './punchout-return.service';
import { PunchoutSessionStore } from './punchout-session.store';
import { PunchoutSessionsService } from './punchout-sessions.service';

/** OCI punchout: the API call, the buyer's pages, the cart and its transfer to the HOOK_URL. */
@Module({
  imports: [AuditModule, GuidanceModule, ProductModule, SearchModule],
  controllers: [PunchoutApiController, PunchoutPagesController],
  providers: [
    PunchoutSessionsService,
    PunchoutSessionStore,
    PunchoutCatalogReader,
    PunchoutCartService,
    PunchoutReturnService,
    PunchoutPagesService,
    PunchoutPageErrorFilter,
    PunchoutExpiryScheduler,
  ],
})
export class PunchoutModule {}
