import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { IsUserEmail } from '../../../common/validation/email';
import { PUNCHOUT_STATUSES, PunchoutStatusName } from '../session-record';
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
}
