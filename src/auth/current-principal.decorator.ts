import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { Principal } from './principal';

/** The authenticated caller, as resolved by the bearer guard (Passport puts it on request.user). */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => {
    const request = context.switchToHttp().getRequest<{ user?: Principal }>();
    if (!request.user) throw new Error('CurrentPrincipal used on a route without the bearer guard');
    return request.user;
  },
);
