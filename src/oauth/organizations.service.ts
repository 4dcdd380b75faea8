import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
import { PrismaTx } from '../database/prisma-transaction';
import { Organization } from '../generated/prisma/client';
import { CreateOrganizationDto } from './dto/create-organization.dto';

@Injectable()
export class OrganizationsService {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * A taken slug is Prisma's unique violation, answered 409 by the global error mapping.
   * `tx`: write within the caller's transaction (the demo seed).
   */
  create(input: CreateOrganizationDto, tx?: PrismaTx): Promise<Organization> {
    return (tx ?? this.prisma).organization.create({ data: { slug: input.slug, name: input.name } });
  }

  /** Whether any organization exists (`tx`: in the caller's transaction; the demo seed asks under its lock). */
  async any(tx?: PrismaTx): Promise<boolean> {
    return (await (tx ?? this.prisma).organization.count()) > 0;
  }

  list(): Promise<Organization[]> {
    return this.prisma.organization.findMany({ orderBy: { slug: 'asc' } });
  }

  /** The organization of an id a principal carries (it exists: tokens are issued to its users). */
  byId(id: string): Promise<Organization> {
    return this.prisma.organization.findUniqueOrThrow({ where: { id } });
  }

  async bySlug(slug: string, tx?: PrismaTx): Promise<Organization> {
    const organization = await (tx ?? this.prisma).organization.findUnique({ where: { slug } });
    if (!organization) throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No organization "${slug}".`);
    return organization;
  }
}
