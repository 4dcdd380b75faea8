import { ArrayMinSize, IsArray, IsEnum, IsOptional, IsString, Length, Matches } from 'class-validator';
import { IsUserEmail } from '../../common/validation/email';
import { UserRole } from '../../generated/prisma/enums';

export class AddUserDto {
  @Matches(/^[a-z0-9][a-z0-9-]{1,63}$/, { message: 'org must be an organization slug' })
  org!: string;

  @IsUserEmail()
  email!: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @IsEnum(UserRole, { each: true, message: 'role must be one of buyer, admin, auditor' })
  roles?: UserRole[];
}
