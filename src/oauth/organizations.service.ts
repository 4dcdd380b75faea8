import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
import { Organization } from '../generated/prisma/client';
import { CreateOrganizationDto } from './dto/create-organization.dto';
import { isUniqueViolation } from '../database/prisma-errors';
import { PrismaTx } from '../database/prisma-transaction';

@Injectable()
export class OrganizationsService {
  constructor(private readonly prisma: PrismaService) {}

  /** `tx`: write within the caller's transaction (the demo seed). */
  async create(input: CreateOrganizationDto, tx?: PrismaTx): Promise<Organization> {
    try {
      return await (tx ?? this.prisma).organization.create({ data: { slug: input.slug, name: input.name } });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ApiError(HttpStatus.CONFLICT, 'conflict', `Organization "${input.slug}" already exists.`);
      }
      throw error;
    }
  }

  list(): Promise<Organization[]> {
    return this.prisma.organization.findMany({ orderBy: { slug: 'asc' } });
  }

  async bySlug(slug: string, tx?: PrismaTx): Promise<Organization> {
    const organization = await (tx ?? this.prisma).organization.findUnique({ where: { slug } });
    if (!organization) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No organization "${slug}".`);
    return organization;
  }
}
