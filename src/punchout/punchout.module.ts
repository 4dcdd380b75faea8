import { PageLanguageGuard } from '../web/page-area.guard';
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { OAuthModule } from '../oauth/oauth.module';
import { OciCallupController } from './oci/oci-callup.controller';
import { OciCallupService } from './oci/oci-callup.service';
import { OciItemsService } from './oci/oci-items.service';
import { ProductModule } from '../product/product.module';
import { SearchModule } from '../search/search.module';
import { PunchoutApiController } from './rest/punchout-api.controller';
import { PunchoutCartService } from './core/punchout-cart.service';
import { PunchoutCatalogReader } from './core/punchout-catalog.reader';
import { PunchoutExpiryScheduler } from './core/punchout-expiry.scheduler';
import { PunchoutPageArea } from './shop/punchout-page.area';
import { PunchoutSessionGuard } from './shop/punchout-session.guard';
import { PunchoutPagesController } from './shop/punchout-pages.controller';
import { PunchoutPagesService } from './shop/punchout-pages.service';
import { PunchoutReturnService } from './core/punchout-return.service';
import { PunchoutReturnFormatService } from './core/punchout-return-format.service';
import { CxmlReturnService } from './cxml/cxml-return.service';
import { CxmlSetupController } from './cxml/cxml-setup.controller';
import { CxmlSetupService } from './cxml/cxml-setup.service';
import { PunchoutSessionsService } from './core/punchout-sessions.service';

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
