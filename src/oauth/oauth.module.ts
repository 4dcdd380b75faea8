import { Module } from '@nestjs/common';
import { ClientsService } from './clients.service';
import { OrganizationsService } from './organizations.service';
import { UsersService } from './users.service';

@Module({
  providers: [OrganizationsService, ClientsService, UsersService],
  exports: [OrganizationsService, ClientsService, UsersService],
})
export class OAuthModule {}
