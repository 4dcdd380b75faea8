import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import { IsStorableInstant } from '../../common/validation/storable-instant';

export class AuditExportQuery {
  @ApiPropertyOptional({
    description: 'Start at the first event at or after this time (ISO 8601). Default: event 1.',
    example: '2026-11-01T00:00:00Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time' })
  @IsStorableInstant()
  from?: string;

  @ApiPropertyOptional({
    description: 'End with the last event before this time (ISO 8601). Default: the newest event.',
    example: '2026-12-01T00:00:00Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time' })
  @IsStorableInstant()
  to?: string;

  @ApiPropertyOptional({ enum: ['jsonl', 'csv'], default: 'jsonl' })
  @IsOptional()
  @IsIn(['jsonl', 'csv'], { message: 'format must be jsonl or csv' })
  format?: 'jsonl' | 'csv';
}
