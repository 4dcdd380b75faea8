import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsStorableInstant } from '../../../common/validation/storable-instant';

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 25;
const ISO_OPTIONS = { strict: true, strictSeparator: true };
/** A UTC day, or a date-time with an explicit offset: never the server's local time zone. */
export const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
export const instantMessage = (name: string) =>
  `${name} must be a date (YYYY-MM-DD, UTC) or a date-time with a time zone (Z or +hh:mm)`;
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`;

/** What every review list takes: a time range (of creation / occurrence) and cursor paging. */
export class AuditPageQuery {
  @ApiPropertyOptional({
    description: 'At or after this instant (ISO 8601; a date is that UTC day).',
    example: '2026-11-01T00:00:00Z',
  })
  @IsOptional()
  @IsISO8601(ISO_OPTIONS, { message: 'from must be an ISO 8601 date or date-time' })
  @IsStorableInstant()
  @Matches(INSTANT_PATTERN, { message: instantMessage('from') })
  from?: string;

  @ApiPropertyOptional({ description: 'Before this instant (ISO 8601, exclusive).' })
  @IsOptional()
  @IsISO8601(ISO_OPTIONS, { message: 'to must be an ISO 8601 date or date-time' })
  @IsStorableInstant()
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
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(MAX_PAGE_LIMIT, { message: LIMIT_MESSAGE })
  limit?: number;
}
