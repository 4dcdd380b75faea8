import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsStorableText } from '../../../common/validation/well-formed-text';
import { ADMINISTRATION_EVENT_TYPES } from '../administration-events';
import { AuditPageQuery } from './audit-page.query';

/** Filters of the administration events (from/to: when the change happened), newest first. */
export class ListAdministrationEventsQuery extends AuditPageQuery {
  @IsOptional()
  @IsIn(ADMINISTRATION_EVENT_TYPES, {
    message: `type must be one of ${ADMINISTRATION_EVENT_TYPES.join(', ')}`,
  })
  type?: string;

  /** Part of the acting user's e-mail or of the operator's label (case-insensitive). */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(320)
  @IsStorableText()
  actor?: string;
}
