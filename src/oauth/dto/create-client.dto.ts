import { ArrayMaxSize, IsArray, IsOptional, IsString, Length, Matches } from 'class-validator';

/** scheme://host[:port] with nothing after it. */
export const ORIGIN_PATTERN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

export class CreateClientDto {
  @Matches(/^[a-z0-9][a-z0-9-]{1,63}$/, { message: 'org must be an organization slug' })
  org!: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @Matches(ORIGIN_PATTERN, {
    each: true,
    message: 'each callback origin must be scheme://host[:port] (http or https, no path)',
  })
  callbackOrigins?: string[];

  /** Fixed credentials for the demo organization only (DEMO_CLIENT_ID / DEMO_CLIENT_SECRET). */
  @IsOptional()
  @Matches(/^[A-Za-z0-9._~-]{8,100}$/)
  clientId?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9._~-]{24,200}$/)
  clientSecret?: string;
}
