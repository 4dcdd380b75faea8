import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { OAuthModule } from '../oauth/oauth.module';
import { ProductModule } from '../product/product.module';
import { SearchModule } from '../search/search.module';
import { PageLanguageGuard } from '../web/page-area.guard';
import { PunchoutCartLinesModule } from './punchout-cart-lines.module';
import { EntryAuthenticator } from './core/entry-authenticator.service';
import { PUNCHOUT_ADAPTERS } from './core/punchout-adapter';
import { PunchoutAdapters } from './core/punchout-adapters';
import { PunchoutCartService } from './core/punchout-cart.service';
import { PunchoutCatalogReader } from './core/punchout-catalog.reader';
import { PunchoutExpiryScheduler } from './core/punchout-expiry.scheduler';
import { PunchoutReturnService } from './core/punchout-return.service';
import { PunchoutSessionRepository } from './core/punchout-session.repository';
import { PunchoutSessionsService } from './core/punchout-sessions.service';
import { CxmlReturnAdapter } from './cxml/cxml-return.adapter';
import { CxmlSetupController } from './cxml/cxml-setup.controller';
import { CxmlErrorArea } from './cxml/cxml-error.area';
import { CxmlSetupService } from './cxml/cxml-setup.service';
import { OciCallupController } from './oci/oci-callup.controller';
import { OciCallupService } from './oci/oci-callup.service';
import { OciItemsService } from './oci/oci-items.service';
import { OciReturnAdapter } from './oci/oci-return.adapter';
import { PunchoutApiController } from './rest/punchout-api.controller';
import { PunchoutApiService } from './rest/punchout-api.service';
import { CartPresenter } from './shop/cart.presenter';
import { ProductPresenter } from './shop/product.presenter';
import { PunchoutPageArea } from './shop/punchout-page.area';
import { PunchoutPagesController } from './shop/punchout-pages.controller';
import { PunchoutPagesService } from './shop/punchout-pages.service';
import { PunchoutSessionGuard } from './shop/punchout-session.guard';

/**
 * The protocol adapters the core returns carts through, listed once: a new protocol adds its folder
 * (entry, adapter) and its adapter here.
 */
const ADAPTERS = [OciReturnAdapter, CxmlReturnAdapter];

/**
 * Punchout: the core (sessions, cart, re-validation, return; `core/`), its entries (the REST API call
 * in `rest/`, SAP's OCI call-up and functions in `oci/`, the cXML setup in `cxml/`), each protocol's
 * return as an adapter, and the buyer's pages (`shop/`).
 */
@Module({
  imports: [AuditModule, GuidanceModule, OAuthModule, ProductModule, SearchModule, PunchoutCartLinesModule],
  controllers: [PunchoutApiController, PunchoutPagesController, OciCallupController, CxmlSetupController],
  providers: [
    ...ADAPTERS,
    { provide: PUNCHOUT_ADAPTERS, useFactory: (...adapters) => adapters, inject: ADAPTERS },
    PunchoutAdapters,
    EntryAuthenticator,
    PunchoutSessionRepository,
    PunchoutSessionsService,
    PunchoutCatalogReader,
    PunchoutCartService,
    PunchoutReturnService,
    PunchoutExpiryScheduler,
    PunchoutApiService,
    CxmlSetupService,
    CxmlErrorArea,
    OciCallupService,
    OciItemsService,
    PunchoutPagesService,
    ProductPresenter,
    CartPresenter,
    PunchoutPageArea,
    PunchoutSessionGuard,
    PageLanguageGuard,
  ],
  // The test bench opens cXML sessions through the same setup a posted document meets; the cXML
  // order entry authenticates its senders as the setup does.
  exports: [CxmlSetupService, EntryAuthenticator],
})
export class PunchoutModule {}
