import { createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { PageAreaGuard } from '../../web/page-area.guard';
import { PageError } from '../../web/page-error';
import type { PageRequest } from '../../web/page-request';
import { readCookie } from './console-cookie';
import { consoleMessages } from './console-messages';
import { nextStep } from './console-next-step';
import { ConsoleSignInService, ConsoleViewer } from './console-sign-in.service';

interface ConsoleRequest extends PageRequest {
  consoleViewer?: ConsoleViewer;
}

/**
 * The console pages' guard: the signed-in auditor from the console cookie onto the request, or
 * the "sign-in required" page (401) for a missing, ended or idle-expired console session.
 */
@Injectable()
export class ConsoleViewerGuard extends PageAreaGuard {
  constructor(
    config: AppConfig,
    private readonly signIn: ConsoleSignInService,
  ) {
    super(config);
  }

  protected async resolve(request: ConsoleRequest): Promise<void> {
    const viewer = await this.signIn.viewer(readCookie(request.headers.cookie));
    if (viewer) {
      request.consoleViewer = viewer;
      return;
    }
    const lang = request.pageLanguage ?? this.config.defaultLanguage;
    const text = consoleMessages(lang).signIn;
    throw new PageError(401, {
      kind: 'warn',
      title: text.requiredTitle,
      text: text.required,
      ...nextStep(lang, this.config.consoleOidc !== undefined),
    });
  }
}

/** The signed-in auditor that ConsoleViewerGuard put on the request. */
export const Viewer = createParamDecorator((_: unknown, context: ExecutionContext): ConsoleViewer => {
  const viewer = context.switchToHttp().getRequest<ConsoleRequest>().consoleViewer;
  if (!viewer) throw new Error('a console page without ConsoleViewerGuard');
  return viewer;
});
