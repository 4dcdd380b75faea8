import { HttpStatus } from '@nestjs/common';
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { openApiPropertiesOf } from './schema-openapi';

/** One fault of an input, as the schema found it (zod's issue: its path, code and message). */
export type InputIssue = z.core.$ZodIssue;

/** What a refused input becomes; by default a 400 invalid_request carrying the first fault's message. */
export type Refusal = (issue: InputIssue) => Error;

export interface InputSchemaOptions {
  /**
   * The object the OpenAPI document shows, when the schema itself is more than one (a transform
   * to the shape the service takes, a check across fields). Default: the schema, which must then
   * be an object schema.
   */
  documented?: z.ZodObject;
  /** How a fault is answered (the token endpoint answers RFC 6749 errors). */
  refuse?: Refusal;
}

/**
 * A class made from a schema: the parameter type of a route (`@Body() body: PunchoutRequestBody`),
 * validated by the global pipe (api-validation.pipe.ts), and the OpenAPI description of the same
 * input (@nestjs/swagger reads `_OPENAPI_METADATA_FACTORY` as it reads @ApiProperty). An instance is
 * the schema's output: what the route receives after the pipe.
 */
export interface InputSchemaClass<Output> {
  new (): Output;
  readonly schema: z.ZodType<Output>;
  /** Validates `input`: the schema's output, or throws the refusal of the first fault. */
  parse(input: unknown): Output;
  /** Validates `input` without throwing: the output, or the first fault. */
  check(input: unknown): { ok: true; value: Output } | { ok: false; issue: InputIssue };
  /** The documented object's fields as @ApiProperty options (read by @nestjs/swagger). */
  _OPENAPI_METADATA_FACTORY(): Record<string, unknown>;
}

const INPUT_SCHEMA = Symbol('inputSchema');

export const invalidRequest: Refusal = (issue) =>
  new ApiError(HttpStatus.BAD_REQUEST, 'invalid_request', issue.message);

/**
 * The one definition of an input: its type (the schema's output), its rules (zod checks with our
 * wording) and its OpenAPI description (the schema as JSON Schema). Use it as the base class of the
 * input's DTO: `export class TokenFormDto extends InputSchema(tokenFormSchema, ...) {}` (the class
 * name is the OpenAPI component name).
 */
export function InputSchema<Schema extends z.ZodType>(
  schema: Schema,
  options: InputSchemaOptions = {},
): InputSchemaClass<z.output<Schema>> {
  const documented = options.documented ?? schema;
  if (!(documented instanceof z.ZodObject)) {
    throw new Error('InputSchema: a schema that is not an object needs options.documented');
  }
  const refuse = options.refuse ?? invalidRequest;
  type Output = z.output<Schema>;

  class Input {
    static readonly [INPUT_SCHEMA] = true;
    static readonly schema = schema as z.ZodType<Output>;

    static check(input: unknown): { ok: true; value: Output } | { ok: false; issue: InputIssue } {
      const result = schema.safeParse(input);
      if (result.success) return { ok: true, value: result.data as Output };
      return { ok: false, issue: firstIssue(result.error.issues) };
    }

    static parse(input: unknown): Output {
      const result = Input.check(input);
      if (!result.ok) throw refuse(result.issue);
      return result.value;
    }

    /** Read by @nestjs/swagger (as its CLI plugin's generated code is). */
    static _OPENAPI_METADATA_FACTORY(): Record<string, unknown> {
      return openApiPropertiesOf(documented as z.ZodObject);
    }
  }
  return Input as unknown as InputSchemaClass<Output>;
}

/** Whether a route parameter's type is an InputSchema class (the pipe validates it by its schema). */
export function isInputSchemaClass(type: unknown): type is InputSchemaClass<unknown> {
  return typeof type === 'function' && (type as unknown as Record<symbol, unknown>)[INPUT_SCHEMA] === true;
}

/**
 * The fault answered: an unknown top-level field first (a strict body names it before anything
 * else, as its hand parser did), then the first fault in the schema's order of fields and checks.
 */
function firstIssue(issues: readonly InputIssue[]): InputIssue {
  return issues.find((issue) => issue.code === 'unrecognized_keys' && issue.path.length === 0) ?? issues[0];
}
