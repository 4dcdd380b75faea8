import { ArrayMaxSize, IsArray, IsOptional, Matches } from 'class-validator';
import { ORIGIN_PATTERN } from './create-client.dto';

const ORIGIN_RULE = 'must be scheme://host[:port] (http or https, no path)';

/** Allowed callback origins to add to and remove from an existing client. */
export class ChangeOriginsDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(ORIGIN_PATTERN, { each: true, message: `add ${ORIGIN_RULE}` })
  add?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(ORIGIN_PATTERN, { each: true, message: `remove ${ORIGIN_RULE}` })
  remove?: string[];
}
