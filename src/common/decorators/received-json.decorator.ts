import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** Where the JSON body parser leaves the body's text, exactly as received (bootstrap/body-parsers.ts). */
export const RECEIVED_JSON = Symbol('receivedJson');

/**
 * The JSON body's text exactly as received (UTF-8 decoded), for a route that must keep the document
 * it was sent (purchase orders); undefined when the request had no JSON body.
 */
export const ReceivedJson = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    (context.switchToHttp().getRequest() as { [RECEIVED_JSON]?: string })[RECEIVED_JSON],
);
