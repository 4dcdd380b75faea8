import { Controller, Get, Module } from '@nestjs/common';
import { CurrentPrincipal } from '../../src/auth/current-principal.decorator';
import { Principal } from '../../src/auth/principal';
import { RateLimit } from '../../src/rate-limit/rate-limit.decorator';

/** A guarded route that answers with the caller's principal (in the `api` limit group). */
@RateLimit({ group: 'api' })
@Controller('__test')
export class WhoAmIController {
  @Get('whoami')
  whoami(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }
}

@Module({ controllers: [WhoAmIController] })
export class WhoAmIModule {}

export const FORM = 'application/x-www-form-urlencoded';

/** Encodes fields the way HTTP clients do (URLSearchParams: space as +, + as %2B). */
export function formOf(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  return params.toString();
}

export const basicAuth = (clientId: string, clientSecret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;

/** POST /oauth/authorize with a form body (or any body and headers given). */
export function requestToken(
  baseUrl: string,
  body: string | Record<string, string | string[]>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': FORM, ...headers },
    body: typeof body === 'string' ? body : formOf(body),
  });
}
