import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { AuditEventTypes } from '../../audit-event';
import {
  CURSOR_PATTERN,
  DEFAULT_PAGE_LIMIT,
  INSTANT_PATTERN,
  instantMessage,
  MAX_PAGE_LIMIT,
} from './list-audit-sessions.query';

export const AUDIT_EVENT_TYPES: string[] = Object.values(AuditEventTypes);
const ISO_OPTIONS = { strict: true, strictSeparator: true };

export class ListAuditEventsQuery {
  @ApiPropertyOptional({ enum: AUDIT_EVENT_TYPES })
  @IsOptional()
  @IsIn(AUDIT_EVENT_TYPES, { message: `type must be one of ${AUDIT_EVENT_TYPES.join(', ')}` })
  type?: string;

  @ApiPropertyOptional({ description: 'Events at or after this instant (ISO 8601).' })
  @IsOptional()
  @IsISO8601(ISO_OPTIONS, { message: 'from must be an ISO 8601 date or date-time' })
  @Matches(INSTANT_PATTERN, { message: instantMessage('from') })
  from?: string;

  @ApiPropertyOptional({ description: 'Events before this instant (ISO 8601, exclusive).' })
  @IsOptional()
  @IsISO8601(ISO_OPTIONS, { message: 'to must be an ISO 8601 date or date-time' })
  @Matches(INSTANT_PATTERN, { message: instantMessage('to') })
  to?: string;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page, unchanged.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(CURSOR_PATTERN, { message: 'cursor must be the nextCursor of a previous page' })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
  @Max(MAX_PAGE_LIMIT, { message: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
  limit?: number;
}
