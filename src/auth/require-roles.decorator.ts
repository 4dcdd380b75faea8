import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import { UserRole } from '../generated/prisma/enums';
import { REQUIRED_ROLES_KEY, RolesGuard } from './roles.guard';

/** Restricts a route or controller to users holding one of `roles` (403 insufficient_scope otherwise). */
export const RequireRoles = (...roles: UserRole[]) =>
  applyDecorators(
    SetMetadata(REQUIRED_ROLES_KEY, roles),
    UseGuards(RolesGuard),
    ApiForbiddenResponse({ description: `Only for users with the role ${roles.join(' or ')}.` }),
  );
