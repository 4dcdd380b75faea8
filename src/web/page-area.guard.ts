import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { pickLanguage } from './language';
import type { PageRequest } from './page-request';

/**
 * The guard of a page area: negotiates the visitor's language onto the request and resolves what
 * the area's pages run on (a punchout session from the key in the path, the console's signed-in
 * auditor from its cookie), so handlers receive it as a parameter instead of each checking it.
 * Refusals are thrown (a PageError or an HTTP error) and answered by the one HTML error responder.
 */
@Injectable()
export abstract class PageAreaGuard implements CanActivate {
  constructor(protected readonly config: AppConfig) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PageRequest>();
    const header = request.headers['accept-language'];
    request.pageLanguage = pickLanguage(
      typeof header === 'string' ? header : undefined,
      this.config.defaultLanguage,
    );
    await this.resolve(request);
    return true;
  }

  /** Puts the area's session on the request, or throws the refusal. */
  protected abstract resolve(request: PageRequest): Promise<void>;
}

/** The guard of pages that need nothing but the visitor's language (the front door, the test bench). */
@Injectable()
export class PageLanguageGuard extends PageAreaGuard {
  protected resolve(): Promise<void> {
    return Promise.resolve();
  }
}
