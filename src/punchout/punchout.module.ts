import { PageLanguageGuard } from '../web/page-area.guard';
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { OAuthModule } from '../oauth/oauth.module';
import { OciCallupController } from './oci-callup/oci-callup.controller';
import { OciCallupService } from './oci-callup/oci-callup.service';
import { OciItemsService } from './oci-callup/oci-items.service';
import { ProductModule } from '../product/product.module';
import { SearchModule } from '../search/search.module';
import { PunchoutApiController } from './punchout-api.controller';
import { PunchoutCartService } from './punchout-cart.service';
import { PunchoutCatalogReader } from './punchout-catalog.reader';
import { PunchoutExpiryScheduler } from './punchout-expiry.scheduler';
import { PunchoutPageArea } from './punchout-page.area';
import { PunchoutSessionGuard } from './punchout-session.guard';
import { PunchoutPagesController } from './punchout-pages.controller';
import { PunchoutPagesService } from './punchout-pages.service';
import { PunchoutReturnService } from './punchout-return.service';
import { PunchoutReturnFormatService } from './punchout-return-format.service';
import { CxmlReturnService } from './cxml/cxml-return.service';
import { CxmlSetupController } from './cxml/cxml-setup.controller';
import { CxmlSetupService } from './cxml/cxml-setup.service';
import { PunchoutSessionsService } from './punchout-sessions.service';

/**
 * Punchout: the sessions core (sessions, cart, re-validation) with its entries (the REST API call,
 * SAP's OCI call-up and functions), the buyer's pages, and the OCI form return to the HOOK_URL.
 */
@Module({
  imports: [AuditModule, GuidanceModule, OAuthModule, ProductModule, SearchModule],
  controllers: [PunchoutApiController, PunchoutPagesController, OciCallupController, CxmlSetupController],
  providers: [
    PunchoutSessionsService,
    PunchoutCatalogReader,
    PunchoutCartService,
    PunchoutReturnService,
    PunchoutReturnFormatService,
    CxmlReturnService,
    CxmlSetupService,
    PunchoutPagesService,
    PunchoutPageArea,
    PunchoutSessionGuard,
    PageLanguageGuard,
    PunchoutExpiryScheduler,
    OciCallupService,
    OciItemsService,
  ],
  // The test bench opens cXML sessions through the same setup a posted document meets.
  exports: [CxmlSetupService],
})
export class PunchoutModule {}
