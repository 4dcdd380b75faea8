import { ArrayMinSize, IsArray, IsEnum } from 'class-validator';
import { UserRole } from '../../generated/prisma/enums';
import { UserRefDto } from './user-ref.dto';

export class SetUserRolesDto extends UserRefDto {
  @IsArray()
  @ArrayMinSize(1, { message: 'give at least one --role' })
  @IsEnum(UserRole, { each: true, message: 'role must be one of buyer, admin, auditor' })
  roles!: UserRole[];
}
