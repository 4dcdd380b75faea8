import { Module } from '@nestjs/common';
import { AccessTokensService } from './access-tokens.service';
import { ClientsService } from './clients.service';
import { OrganizationsService } from './organizations.service';
import { UsersService } from './users.service';

@Module({
  providers: [OrganizationsService, ClientsService, UsersService, AccessTokensService],
  exports: [OrganizationsService, ClientsService, UsersService, AccessTokensService],
})
export class OAuthModule {}
