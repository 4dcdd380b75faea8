import { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../app.module';
import { QuietStartupLogger } from './quiet-startup.logger';
import { AppConfig } from '../config/app-config';
import { Clock } from '../common/clock/clock';
import { REQUEST_ID_HEADER, requestIdFor } from '../common/http/request-id';
import { registerBodyParsers } from './body-parsers';
import { registerPageReplies } from '../web/page-reply';
import { answerHttpRefusals } from './http-refusals';
import { closeConnectionsWhileDraining, countRequestsInFlight } from './close-gracefully';
import { applyConnectionLimits, clientErrorHandler, serverTimeoutOptions } from './connection-limits';
import { refuseRepeatedHeaders, secureResponseHeaders } from './request-headers';
import { serveOpenApi } from './openapi';
import { serveWebAssets } from '../web/serve-assets';

export interface CreateAppOptions {
  /** Extra modules mounted beside the application's own (tests). */
  extraModules?: Array<Type | DynamicModule>;
  /** The time source (tests hand in a ManualClock); default: the system clock. */
  clock?: Clock;
}

/** Builds the configured, initialised application without listening; used by main and the tests. */
export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Slow and idle clients are cut (header, request, idle and keep-alive bounds; HTTP_* variables).
    ...serverTimeoutOptions(config),
    // Framing errors, oversized headers and timeouts Node detects answer in our error shape.
    clientErrorHandler,
    // Path parameters (product ids) up to this length reach our validation and get a 400 naming the
    // rule; Fastify's default of 100 answered longer ones with a bare 414.
    routerOptions: { maxParamLength: 1024 },
    // Errors Fastify raises before routing (malformed percent-encoding, an over-long path parameter)
    // get our error shape instead of Fastify's own body, which echoes the whole path.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const known = tooLong || error.code === 'FST_ERR_BAD_URL';
      void reply
        .header(REQUEST_ID_HEADER, request.id)
        .code(known ? 400 : 500)
        .send(
          known
            ? {
                error: 'invalid_request',
                error_description: tooLong
                  ? 'A path parameter is too long (at most 1024 characters).'
                  : 'The URL is not validly percent-encoded.',
              }
            : { error: 'server_error', error_description: 'The request could not be routed.' },
        );
    },
    // One id per request, shared by Fastify, the logs and the X-Request-Id response header.
    genReqId: (request: IncomingMessage) => {
      const id = requestIdFor(request);
      (request as IncomingMessage & { id?: string }).id = id;
      return id;
    },
    // On shutdown: idle keep-alive connections close at once, in-flight requests finish.
    forceCloseConnections: 'idle',
    // Requests arriving during the drain are answered by closeConnectionsWhileDraining, in the API's
    // error shape with Retry-After (Fastify's own 503 has neither).
    return503OnClosing: false,
  });
  const root: DynamicModule = AppModule.forRoot(config, options.clock);
  root.imports = [...(root.imports ?? []), ...(options.extraModules ?? [])];
  // Body parsing is ours (body-parsers.ts) rather than Nest's, which would replace it at init.
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(new QuietStartupLogger(app.get(Logger)));

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  answerHttpRefusals(fastify);
  closeConnectionsWhileDraining(fastify);
  countRequestsInFlight(fastify);
  applyConnectionLimits(fastify, config);
  refuseRepeatedHeaders(fastify);
  secureResponseHeaders(fastify, config);
  registerBodyParsers(fastify, config.bodyLimitBytes, config.cxml.maxBytes);
  registerPageReplies(fastify);

  serveOpenApi(app, config);
  await serveWebAssets(app);
  await app.init();
  return app;
}
