import { ApiProperty } from '@nestjs/swagger';
import { Supplier } from '../../generated/prisma/client';

export class SupplierIdentifierResponse {
  @ApiProperty({ example: 'duns' }) type!: string;
  @ApiProperty({ example: '315000554' }) value!: string;
}

export class SupplierResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'weidmueller' }) slug!: string;
  @ApiProperty({ example: 'Weidmüller', description: "What buyers see as the offers' vendor." })
  name!: string;
  @ApiProperty({
    description:
      "Whose supplier it is: `marketplace` (every organization's offers may come from it) or `organization` (your organization's own, for its contract catalogs).",
    enum: ['marketplace', 'organization'],
  })
  scope!: 'marketplace' | 'organization';
  @ApiProperty({ type: [SupplierIdentifierResponse] }) identifiers!: SupplierIdentifierResponse[];
  @ApiProperty({
    description: 'Who added it: an e-mail, cli:<operator>, or import (made from a vendor name).',
  })
  createdBy!: string;
  @ApiProperty() createdAt!: string;

  static from(supplier: Supplier): SupplierResponse {
    return {
      id: supplier.id,
      slug: supplier.slug,
      name: supplier.name,
      scope: supplier.organizationId === null ? 'marketplace' : 'organization',
      identifiers: supplier.identifiers as unknown as SupplierIdentifierResponse[],
      createdBy: supplier.createdBy,
      createdAt: supplier.createdAt.toISOString(),
    };
  }
}
