import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
import { isUniqueViolation } from '../database/prisma-errors';
import { User, UserRole } from '../generated/prisma/client';
import { AddUserDto } from './dto/add-user.dto';
import { UserRefDto } from './dto/user-ref.dto';
import { OrganizationsService } from './organizations.service';

@Injectable()
export class UsersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly organizations: OrganizationsService,
  ) {}

  async add(input: AddUserDto): Promise<User> {
    const organization = await this.organizations.bySlug(input.org);
    try {
      return await this.prisma.user.create({
        data: {
          organizationId: organization.id,
          email: input.email,
          name: input.name,
          roles: input.roles ?? [UserRole.buyer],
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ApiError(
          HttpStatus.CONFLICT,
          'conflict',
          `User ${input.email} already exists in "${input.org}".`,
        );
      }
      throw error;
    }
  }

  /** The user `email` of organization `org`, or 404 not_found. */
  async byRef(input: UserRefDto): Promise<User> {
    const organization = await this.organizations.bySlug(input.org);
    const user = await this.prisma.user.findUnique({
      where: { organizationId_email: { organizationId: organization.id, email: input.email } },
    });
    if (!user)
      throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No user ${input.email} in "${input.org}".`);
    return user;
  }

  /** Disables a user and revokes their tokens, effective on their next call. */
  async disable(input: UserRefDto): Promise<User> {
    const user = await this.byRef(input);
    if (user.disabledAt) return user;
    const now = new Date();
    const [disabled] = await this.prisma.$transaction([
      this.prisma.user.update({ where: { id: user.id }, data: { disabledAt: now } }),
      this.prisma.accessToken.updateMany({
        where: { userId: user.id, revokedAt: null },
        data: { revokedAt: now },
      }),
    ]);
    return disabled;
  }

  async list(org: string): Promise<User[]> {
    const organization = await this.organizations.bySlug(org);
    return this.prisma.user.findMany({
      where: { organizationId: organization.id },
      orderBy: { email: 'asc' },
    });
  }
}
