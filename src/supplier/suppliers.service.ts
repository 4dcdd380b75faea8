import { HttpStatus, Injectable } from '@nestjs/common';
import { AuditActor, AuditEventTypes } from '../audit/audit-event';
import { AuditService } from '../audit/audit.service';
import { ApiError } from '../common/http/api-error';
import { PrismaService } from '../database/prisma.service';
import { Prisma, Supplier } from '../generated/prisma/client';
import { CreateSupplierDto } from './dto/create-supplier.dto';

/**
 * Who sells the catalog's offers. A supplier is the marketplace's (`organizationId` null: every
 * organization may buy from it) or one organization's own (added by its administrators for their
 * contract catalogs: only that organization sees it). Other features read suppliers through here.
 */
@Injectable()
export class SuppliersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Adds a supplier: the marketplace's (`owner` null, an operator) or `owner`'s own, recorded in
   * its audit trail in the same transaction. A taken slug or name is a 409.
   */
  async add(
    input: CreateSupplierDto,
    owner: string | null,
    author: string,
    actor: AuditActor,
  ): Promise<Supplier> {
    await this.refuseTaken(input, owner);
    return this.prisma.$transaction(async (tx) => {
      const supplier = await tx.supplier.create({
        data: {
          slug: input.slug,
          name: input.name,
          organizationId: owner,
          identifiers: input.identifiers as Prisma.InputJsonValue,
          createdBy: author,
        },
      });
      if (owner !== null) {
        await this.audit.append(tx, {
          organizationId: owner,
          type: AuditEventTypes.supplierAdded,
          actor,
          payload: {
            supplier: {
              id: supplier.id,
              slug: supplier.slug,
              name: supplier.name,
              identifiers: input.identifiers,
            },
          },
        });
      }
      return supplier;
    });
  }

  /** Every supplier (`viewer` null: the operator) or those an organization sees: the marketplace's and its own. */
  list(viewer: string | null): Promise<Supplier[]> {
    return this.prisma.supplier.findMany({
      where: viewer === null ? {} : { OR: [{ organizationId: null }, { organizationId: viewer }] },
      orderBy: { slug: 'asc' },
    });
  }

  /**
   * The supplier `slug` names, as an import for `organization` (null: the marketplace's catalog)
   * may use it: the marketplace's, or the organization's own. Another organization's supplier is
   * "not found", as an unknown slug is.
   */
  async forCatalog(slug: string, organization: string | null): Promise<Supplier> {
    const supplier = await this.prisma.supplier.findUnique({ where: { slug } });
    if (!supplier || (supplier.organizationId !== null && supplier.organizationId !== organization)) {
      throw new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No supplier "${slug}".`);
    }
    return supplier;
  }

  /** Suppliers by id (names and slugs for reports and carts); unknown ids are left out. */
  byIds(ids: string[]): Promise<Supplier[]> {
    return this.prisma.supplier.findMany({ where: { id: { in: ids } } });
  }

  /** A clear 409 before the insert (the unique indexes still decide a race). */
  private async refuseTaken(input: CreateSupplierDto, owner: string | null): Promise<void> {
    const taken = await this.prisma.supplier.findFirst({
      where: {
        OR: [
          { slug: input.slug },
          // The names an owner's users see: the marketplace's and the owner's own.
          { name: input.name, organizationId: owner },
          ...(owner === null ? [] : [{ name: input.name, organizationId: null }]),
        ],
      },
      select: { slug: true },
    });
    if (taken) {
      throw new ApiError(
        HttpStatus.CONFLICT,
        'conflict',
        taken.slug === input.slug
          ? `A supplier with the slug "${input.slug}" already exists.`
          : `A supplier named "${input.name}" already exists.`,
      );
    }
  }
}
