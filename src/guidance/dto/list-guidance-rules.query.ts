import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';

export class ListGuidanceRulesQuery {
  @ApiPropertyOptional({ description: 'Also list disabled rules (the history).', default: false })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'includeDisabled must be true or false' })
  includeDisabled?: boolean;
}
