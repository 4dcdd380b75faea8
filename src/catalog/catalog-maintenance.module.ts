import { Module } from '@nestjs/common';
import { OfferValidityScheduler } from './offer-validity.scheduler';

/**
 * The catalog's background maintenance, for the server only (the CLI's commands load CatalogModule
 * and must not schedule anything): offers withdrawn and brought back by their validity.
 */
@Module({ providers: [OfferValidityScheduler] })
export class CatalogMaintenanceModule {}
