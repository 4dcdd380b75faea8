import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { ParameterStyle } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Properties = Record<string, JsonSchema>;

/** Object schemas with an `id` (`.meta({ id })`) become their own OpenAPI component, one class each. */
const componentClasses = new Map<string, new () => unknown>();

/**
 * The @ApiProperty options of each field of an object schema, from zod's JSON Schema of it (OpenAPI
 * 3.0 dialect): what the field is after the schema's rules (`page` an integer with its bounds and
 * default, not the query string's text), required when the input must carry it. Checks JSON Schema
 * cannot say (a price range's upper bound above its lower, a query's number of operators) stay in
 * the schema and in the field's description.
 */
export function openApiPropertiesOf(object: z.ZodObject): Record<string, unknown> {
  const options = { target: 'openapi-3.0', unrepresentable: 'any' } as const;
  const output = dereferenced(z.toJSONSchema(object, { ...options, io: 'output' }) as JsonSchema);
  const input = dereferenced(z.toJSONSchema(object, { ...options, io: 'input' }) as JsonSchema);
  const required = new Set((input.required as string[] | undefined) ?? []);
  const properties = (output.properties ?? {}) as Properties;
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const nested = componentOf(object.shape[name]);
      const described = nested
        ? { type: () => nested, ...withoutReference(property) }
        : apiPropertyOf(property);
      return [name, { required: required.has(name), ...described }];
    }),
  );
}

/**
 * The object itself: zod answers a schema with an `id` (a component) as a reference to its own
 * definition, `{ $ref: '#/definitions/<id>', definitions: {...} }`.
 */
function dereferenced(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  const definitions = schema.definitions as Record<string, JsonSchema> | undefined;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/') || !definitions) return schema;
  return definitions[ref.slice('#/definitions/'.length)] ?? schema;
}

/** The field's JSON Schema as @ApiProperty options: the type first and the default last, as the decorators wrote them. */
function apiPropertyOf(property: JsonSchema): JsonSchema {
  const { type, default: fallback, additionalProperties: _closed, ...rest } = property;
  return {
    ...(type === undefined ? {} : { type }),
    ...rest,
    ...(fallback === undefined ? {} : { default: fallback }),
  };
}

/** What a referenced component's field says besides the reference (its description). */
function withoutReference(property: JsonSchema): JsonSchema {
  const { allOf: _allOf, $ref: _ref, ...rest } = property;
  return rest;
}

/** The class of a component object schema (optional or not), made once per id. */
function componentOf(field: z.ZodType | undefined): (new () => unknown) | undefined {
  let schema: z.ZodType | undefined = field;
  while (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    schema = schema.unwrap() as z.ZodType;
  }
  const id = schema?.meta()?.id;
  if (!(schema instanceof z.ZodObject) || typeof id !== 'string') return undefined;
  let component = componentClasses.get(id);
  if (!component) {
    const object = schema;
    component = class {
      static _OPENAPI_METADATA_FACTORY(): Record<string, unknown> {
        return openApiPropertiesOf(object);
      }
    };
    Object.defineProperty(component, 'name', { value: id });
    componentClasses.set(id, component);
  }
  return component;
}

/**
 * The query parameters of an InputSchema class, one @ApiQuery per field of its documented object,
 * for a route that reads them through its own parameter decorator (which @nestjs/swagger does not
 * look into). Each parameter carries its description, `style`/`explode` when the field says so, and
 * the field's schema.
 */
export function ApiQueryParameters(input: { _OPENAPI_METADATA_FACTORY(): Record<string, unknown> }) {
  const properties = input._OPENAPI_METADATA_FACTORY() as Record<string, QueryProperty>;
  return applyDecorators(
    ...Object.entries(properties).map(([name, property]) => {
      const { required, description, example, style, explode, ...schema } = property;
      return ApiQuery({
        name,
        required,
        ...(style === undefined ? {} : { style, explode }),
        description,
        schema,
        ...(example === undefined ? {} : { example }),
      });
    }),
  );
}

interface QueryProperty extends Record<string, unknown> {
  required: boolean;
  description?: string;
  example?: unknown;
  style?: ParameterStyle;
  explode?: boolean;
}
