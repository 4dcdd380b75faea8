import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { ProductController } from './product.controller';
import { OfferRepository } from './offer.repository';
import { ProductRepository } from './product.repository';
import { ProductService } from './product.service';

@Module({
  imports: [CatalogModule, GuidanceModule],
  controllers: [ProductController],
  providers: [ProductService, ProductRepository, OfferRepository],
  // The punchout pages read products through ProductService's row cache, and cart offers through
  // OfferRepository.
  exports: [OfferRepository, ProductService],
})
export class ProductModule {}
