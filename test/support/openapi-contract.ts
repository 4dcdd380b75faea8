import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OpenAPIBackend, SetMatchType } from 'openapi-backend';
import type { Document, Operation } from 'openapi-backend';
import { EXERCISED_FILE } from './openapi-coverage';

/**
 * The contract test: every response an in-process test app sends is checked against the committed
 * docs/openapi.json as it leaves the server (a Fastify onSend hook, so fetch, raw sockets and proxies
 * are all covered), by openapi-backend's response validators (Ajv, OpenAPI 3.0 and 3.1). A mismatch
 * is recorded and fails the running test (see openapi-contract.setup.ts): an operation or status the
 * document does not list, a media type it does not declare, a body or a documented header that does
 * not match its schema.
 */

export const OPENAPI_DOCUMENT_FILE = join(__dirname, '../../docs/openapi.json');

/**
 * Routes that are not part of the JSON API and deliberately not in the document: the browser pages
 * (punchout, compliance console, test bench: HTML, described in the README), their assets, the document and the
 * Swagger UI themselves, and routes that tests mount (/__test).
 */
const UNDOCUMENTED_ROUTES = [
  /^\/punchout\//,
  // The cXML order door, a protocol endpoint like the cXML setup (docs/orders.md), not a JSON API.
  /^\/cxml\//,
  /^\/test-bench(\/|$)/,
  /^\/audit\/console(\/|$)/,
  /^\/assets\//,
  /^\/docs(\/|$)/,
];
const UNDOCUMENTED_EXACT = new Set(['/openapi.json', '/openapi.yaml', '/docs', '/']);

export interface ObservedResponse {
  method: string;
  /** The route template as Fastify matched it (`/api/v1/marketplace/product/:id`), if any route did. */
  route: string | undefined;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as sent, or undefined when it is a stream (exports, static files) or empty. */
  body: string | undefined;
}

export class OpenApiContract {
  private readonly api: OpenAPIBackend;
  private readonly document: Document;

  private constructor(document: Document) {
    this.document = document;
    this.api = new OpenAPIBackend({
      definition: document,
      strict: true, // an invalid document is an error, not a warning
      validate: true,
      ajvOpts: { allErrors: true }, // every mismatch of a body in one message, not just the first
      customizeAjv: (ajv) => {
        addFormats(ajv);
        return ajv;
      },
    });
  }

  /** The validator for `document` (default: the committed docs/openapi.json, itself validated first). */
  static async load(
    document: Document = JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')) as Document,
  ): Promise<OpenApiContract> {
    const contract = new OpenApiContract(document);
    await contract.api.init();
    return contract;
  }

  /**
   * The problems of one response against the document (empty when it conforms), and the documented
   * pair it exercised, if any. Routes under `testRoutes` (controllers a test mounts) are not checked.
   */
  check(
    observed: ObservedResponse,
    testRoutes: readonly string[] = [],
  ): { problems: string[]; pair?: string } {
    const method = observed.method.toLowerCase();
    const route = observed.route;
    if (method === 'head' || method === 'options') return { problems: [] };
    if (route === undefined || route === '*' || route === '/*') {
      // No route matched (unknown path, or refused before routing): still our error shape.
      return { problems: this.checkErrorShape(observed, `${observed.method} (no route)`) };
    }
    if (testRoutes.some((prefix) => route === prefix || route.startsWith(`${prefix}/`)))
      return { problems: [] };
    const path = route.replace(/:(\w+)/g, '{$1}');
    const operation = this.operation(method, path);
    if (!operation) {
      if (UNDOCUMENTED_EXACT.has(route) || UNDOCUMENTED_ROUTES.some((pattern) => pattern.test(route))) {
        return { problems: [] };
      }
      return { problems: [`${observed.method} ${path}: the operation is not in docs/openapi.json`] };
    }
    const name = `${operation.operationId} (${observed.method} ${path}) ${observed.status}`;
    const documented = statusEntry(operation, observed.status);
    if (!documented) {
      return {
        problems: [
          `${name}: status ${observed.status} is not documented (documented: ${Object.keys(operation.responses ?? {}).join(', ')}); body ${truncate(observed.body)}`,
        ],
      };
    }
    const pair = `${observed.method.toUpperCase()} ${path} ${documented.key}`;
    const problems: string[] = [];
    const content = (documented.response.content ?? {}) as Record<string, unknown>;
    const mediaType = String(observed.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const hasBody = observed.body === undefined ? mediaType !== '' : observed.body.length > 0;
    if (hasBody) {
      if (!Object.hasOwn(content, mediaType)) {
        problems.push(
          `${name}: media type "${mediaType}" is not documented (documented: ${Object.keys(content).join(', ') || 'no body'})`,
        );
      } else if (mediaType === 'application/json' && observed.body !== undefined) {
        let body: unknown;
        try {
          body = JSON.parse(observed.body);
        } catch {
          problems.push(`${name}: the body is not JSON: ${truncate(observed.body)}`);
        }
        if (body !== undefined) {
          const result = this.api.validateResponse(body, operation, observed.status);
          for (const error of result.errors ?? []) {
            problems.push(`${name}: body${error.instancePath} ${error.message} (${error.schemaPath})`);
          }
        }
      }
    } else if (Object.keys(content).length > 0 && observed.status !== 304) {
      problems.push(`${name}: the documented body (${Object.keys(content).join(', ')}) is missing`);
    }
    const headers = this.api.validateResponseHeaders(observed.headers, operation, {
      statusCode: observed.status,
      setMatchType: SetMatchType.Superset,
    });
    for (const error of headers.errors ?? []) {
      problems.push(`${name}: header${error.instancePath.replace(/^\/headers/, '')} ${error.message}`);
    }
    return { problems, pair };
  }

  private checkErrorShape(observed: ObservedResponse, name: string): string[] {
    const mediaType = String(observed.headers['content-type'] ?? '');
    if (observed.status < 400 || !mediaType.startsWith('application/json') || observed.body === undefined)
      return [];
    const schema = this.document.components?.schemas?.ApiErrorResponse;
    if (!schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(observed.body);
    } catch {
      return [`${name} ${observed.status}: the body is not JSON`];
    }
    const fields = body as Record<string, unknown>;
    return typeof fields?.error === 'string' && typeof fields.error_description === 'string'
      ? []
      : [
          `${name} ${observed.status}: the body is not {error, error_description}: ${truncate(observed.body)}`,
        ];
  }

  private operation(method: string, path: string): Operation | undefined {
    return this.api.router.getOperations().find((op) => op.method === method && op.path === path);
  }
}

function statusEntry(
  operation: Operation,
  status: number,
): { key: string; response: { content?: unknown; headers?: unknown } } | undefined {
  const responses = (operation.responses ?? {}) as Record<string, { content?: unknown }>;
  for (const key of [String(status), `${Math.floor(status / 100)}XX`, 'default']) {
    if (responses[key]) return { key, response: responses[key] };
  }
  return undefined;
}

function truncate(body: string | undefined): string {
  if (body === undefined) return '(stream)';
  return body.length > 300 ? `${body.slice(0, 300)}…` : body;
}

// ---- the per-process recorder the test apps report to ----

/** Where WorkerEnvironment lends each test file the worker's contract, compiled once per worker. */
export const WORKER_CONTRACT_KEY = '__gatewayWorkerContract';

/** The worker's compiled contract; outside WorkerEnvironment (another runner, a script) its own. */
function loadContract(): Promise<OpenApiContract> {
  const fromWorker = (globalThis as { [WORKER_CONTRACT_KEY]?: () => Promise<OpenApiContract> })[
    WORKER_CONTRACT_KEY
  ];
  return fromWorker ? fromWorker() : OpenApiContract.load();
}

let shared: Promise<OpenApiContract> | undefined;
const violations: string[] = [];
const exercised = new Set<string>();

/** Records one response: its problems fail the running test, its pair counts as exercised. */
function recordResponse(contract: OpenApiContract, observed: ObservedResponse, testRoutes: string[]): void {
  const { problems, pair } = contract.check(observed, testRoutes);
  violations.push(...problems);
  if (pair) exercised.add(pair);
}

/** The problems recorded since the last call (and forgets them). */
export function takeContractViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** Appends the pairs this test file exercised to EXERCISED_FILE (summed up by openapi-coverage.ts). */
export function writeExercisedPairs(): void {
  if (exercised.size === 0) return;
  mkdirSync(dirname(EXERCISED_FILE), { recursive: true });
  appendFileSync(EXERCISED_FILE, `${[...exercised].join('\n')}\n`);
  exercised.clear();
}

/**
 * Checks every response of `fastify` against the document. Added after the app's own onSend hooks,
 * so it sees the headers the client gets (Content-Length excepted). `testRoutes`: path prefixes of
 * controllers the test mounted itself (not part of the API).
 */
export async function checkResponsesAgainstContract(
  fastify: FastifyInstance,
  testRoutes: string[] = [],
): Promise<void> {
  shared ??= loadContract();
  const contract = await shared;
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    try {
      recordResponse(
        contract,
        {
          method: request.method,
          route: request.routeOptions?.url,
          status: reply.statusCode,
          headers: reply.getHeaders(),
          body: bodyText(payload),
        },
        testRoutes,
      );
    } catch (error) {
      violations.push(`contract check failed for ${request.method} ${request.url}: ${String(error)}`);
    }
    done(null, payload);
  });
}

/** The body as text; undefined for a stream, whose bytes the hook cannot read without consuming them. */
function bodyText(payload: unknown): string | undefined {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}
