import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { GuidanceModule } from '../guidance/guidance.module';
import { SearchController } from './search.controller';
import { SearchAdmissionService } from './search-admission.service';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

@Module({
  imports: [CatalogModule, GuidanceModule],
  controllers: [SearchController],
  providers: [SearchService, SearchAdmissionService, SearchRepository],
  // The punchout pages search with the same service (same guidance, same ranking).
  exports: [SearchService],
})
export class SearchModule {}
