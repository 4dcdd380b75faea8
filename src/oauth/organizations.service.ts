import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
import { Organization } from '../generated/prisma/client';
import { CreateOrganizationDto } from './dto/create-organization.dto';
import { isUniqueViolation } from '../database/prisma-errors';

@Injectable()
export class OrganizationsService {
  constructor(private readonly prisma: PrismaService) {}

  async create(input: CreateOrganizationDto): Promise<Organization> {
    try {
      return await this.prisma.organization.create({ data: { slug: input.slug, name: input.name } });
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

  async bySlug(slug: string): Promise<Organization> {
    const organization = await this.prisma.organization.findUnique({ where: { slug } });
    if (!organization) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No organization "${slug}".`);
    return organization;
  }
}
