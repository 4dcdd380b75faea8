import { Matches } from 'class-validator';
import { IsUserEmail } from '../../common/validation/email';

export class UserRefDto {
  @Matches(/^[a-z0-9][a-z0-9-]{1,63}$/, { message: 'org must be an organization slug' })
  org!: string;

  @IsUserEmail()
  email!: string;
}
