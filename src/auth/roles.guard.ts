import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '../common/http/api-error';
import { UserRole } from '../generated/prisma/enums';
import { Principal } from './principal';

export const REQUIRED_ROLES_KEY = 'requiredRoles';

/** Runs after the global bearer guard: the principal needs at least one of the route's roles. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<UserRole[] | undefined>(REQUIRED_ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required?.length) return true;
    const principal = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    if (principal && required.some((role) => principal.roles.includes(role))) return true;
    throw new ApiError(
      HttpStatus.FORBIDDEN,
      'insufficient_scope',
      `This operation needs the role ${required.join(' or ')}.`,
    );
  }
}
