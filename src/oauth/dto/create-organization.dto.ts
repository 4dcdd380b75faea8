import { IsString, Length, Matches } from 'class-validator';

export class CreateOrganizationDto {
  @Matches(/^[a-z0-9][a-z0-9-]{1,63}$/, {
    message: 'slug must be 2-64 lower-case letters, digits or dashes, starting with a letter or digit',
  })
  slug!: string;

  @IsString()
  @Length(1, 200)
  name!: string;
}
