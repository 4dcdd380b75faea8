import { Render } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendPage } from './page-security';
import type { PageResult } from './page-result';
import { renderPage } from './render-page';

const PAGE_VIEW = 'page';

/**
 * Marks a handler that returns a PageResult. Nest sets a handler's status before it runs and again
 * when it sends a returned value, so a returned page could not choose its own (404, 409, 303);
 * its view path (`@Render`) is the one that hands the returned value over unsent. Pages take that
 * path, with a `reply.view` of our own (the place where @fastify/view would plug in a template engine).
 */
export function PageRoute(): MethodDecorator {
  return Render(PAGE_VIEW);
}

/** Lets page routes answer (see PageRoute); once per Fastify instance, before the routes. */
export function registerPageReplies(fastify: FastifyInstance): void {
  fastify.decorateReply('view', function (this: FastifyReply, view: string, result: unknown) {
    if (view !== PAGE_VIEW || !isPageResult(result)) {
      throw new Error(`a page route returned no page result (view ${view})`);
    }
    sendPageResult(this, result);
    return this;
  });
}

/** Sends what a page handler (or the error responder) answered, with the headers every page carries. */
export function sendPageResult(reply: FastifyReply, result: PageResult): void {
  switch (result.kind) {
    case 'page':
      if (result.headers) void reply.headers(result.headers);
      sendPage(reply, result.page === null ? '' : renderPage(result.page), {
        status: result.status,
        formActions: result.formActions ?? [],
        frameAncestors: result.frameAncestors,
      });
      return;
    case 'redirect':
      if (result.headers) void reply.headers(result.headers);
      void reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(result.location, 303);
      return;
    case 'download':
      void reply
        .header('content-type', result.contentType)
        .header('content-disposition', `attachment; filename="${result.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(result.body);
  }
}

function isPageResult(value: unknown): value is PageResult {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'page' || kind === 'redirect' || kind === 'download';
}
