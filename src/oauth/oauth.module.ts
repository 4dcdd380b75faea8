import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AccessTokensService } from './access-tokens.service';
import { ClientsService } from './clients.service';
import { OrganizationsService } from './organizations.service';
import { TokenIssuanceRepository } from './token-issuance.repository';
import { UsersService } from './users.service';

@Module({
  imports: [AuditModule],
  providers: [
    OrganizationsService,
    ClientsService,
    UsersService,
    AccessTokensService,
    TokenIssuanceRepository,
  ],
  exports: [OrganizationsService, ClientsService, UsersService, AccessTokensService, TokenIssuanceRepository],
})
export class OAuthModule {}
