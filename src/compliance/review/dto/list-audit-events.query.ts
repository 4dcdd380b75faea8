import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { AuditEventTypes } from '../../../audit/audit-event';
import { AuditPageQuery } from './audit-page.query';

export const AUDIT_EVENT_TYPES: string[] = Object.values(AuditEventTypes);

/** Filters of the event stream (from/to: when the event occurred). */
export class ListAuditEventsQuery extends AuditPageQuery {
  @ApiPropertyOptional({ enum: AUDIT_EVENT_TYPES })
  @IsOptional()
  @IsIn(AUDIT_EVENT_TYPES, { message: `type must be one of ${AUDIT_EVENT_TYPES.join(', ')}` })
  type?: string;
}
