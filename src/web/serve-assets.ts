import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { join } from 'node:path';

/** Where the pages' CSS and scripts live: src/web/assets, copied to dist/web/assets by the build. */
export const WEB_ASSETS_DIR = join(__dirname, 'assets');

/** The one shape of an asset's path: a file name in the (flat) directory, no dot first, nothing encoded. */
const ASSET_PATH = /^\/assets\/[A-Za-z0-9_-][A-Za-z0-9._-]*(\?.*)?$/;

/**
 * Serves the pages' static files at /assets/<file>, public (no bearer token), with ETags and a short
 * cache lifetime: file names carry no content hash, so a new release must reach browsers within the hour.
 */
export async function serveWebAssets(app: NestFastifyApplication): Promise<void> {
  // Any other path under /assets/ (`%2e%2e/`, `//`, `%00`, a backslash) names no file: a 404 before the
  // file server, which refuses such paths with a 403 that would read as a missing permission.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith('/assets/') && !ASSET_PATH.test(request.url)) reply.callNotFound();
      else done();
    });
  await app.register(fastifyStatic, {
    root: WEB_ASSETS_DIR,
    prefix: '/assets/',
    decorateReply: false, // Swagger UI registers the plugin too
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    // @fastify/static 10 hands over Fastify's reply (its types still say ServerResponse).
    setHeaders: (response) => {
      const reply = response as unknown as FastifyReply;
      void reply.header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff');
    },
  });
}
