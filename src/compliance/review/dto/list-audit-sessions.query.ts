import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsUserEmail } from '../../../common/validation/email';
import { IsStorableText } from '../../../common/validation/well-formed-text';
import { PUNCHOUT_PROTOCOLS, PUNCHOUT_STATUSES, PunchoutStatusName } from '../session-record';
import { AuditPageQuery } from './audit-page.query';

/** Filters of the session list (from/to: when the session was created). */
export class ListAuditSessionsQuery extends AuditPageQuery {
  @ApiPropertyOptional({ description: "The buyer's e-mail (exact, case-insensitive)." })
  @IsOptional()
  @IsUserEmail()
  email?: string;

  @ApiPropertyOptional({ enum: PUNCHOUT_STATUSES, description: 'Case-insensitive.' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsIn(PUNCHOUT_STATUSES, { message: `status must be one of ${PUNCHOUT_STATUSES.join(', ')}` })
  status?: PunchoutStatusName;

  @ApiPropertyOptional({
    description: 'Sessions started on this product or with an offer of it in the cart.',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, { message: 'productId must be a product id' })
  productId?: string;

  @ApiPropertyOptional({
    description:
      "The session's public reference, as the buyer sees it (e.g. `PO-...`; exact, case-insensitive).",
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(64)
  @IsStorableText()
  reference?: string;

  @ApiPropertyOptional({
    description:
      'A product id (exact) or part of a product name (case-insensitive), as productId but by name too.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @IsStorableText()
  product?: string;

  @ApiPropertyOptional({ enum: PUNCHOUT_PROTOCOLS, description: 'How the session started.' })
  @IsOptional()
  @IsIn(PUNCHOUT_PROTOCOLS, { message: `protocol must be one of ${PUNCHOUT_PROTOCOLS.join(', ')}` })
  protocol?: string;
}
