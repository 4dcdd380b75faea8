import 'reflect-metadata';
import { ArgumentMetadata } from '@nestjs/common';
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { ApiValidationPipe } from './api-validation.pipe';
import { InputSchema, isInputSchemaClass } from './input-schema';

const address = z
  .strictObject({ city: z.string().max(10, 'shipTo.city is longer than 10 characters') })
  .partial()
  .meta({ id: 'SpecAddressDto' });
const body = z.strictObject(
  {
    name: z.string({ error: 'name is required' }).trim().min(1, 'name must not be blank').meta({
      description: 'Who.',
      example: 'Ada',
    }),
    size: z
      .preprocess(
        (raw) => (typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw),
        z.number().int().min(1).max(24),
      )
      .default(24),
    shipTo: address.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `${issue.keys[0]} is not a field` : undefined) },
);
class SpecBodyDto extends InputSchema(body) {}

const pipe = new ApiValidationPipe();
const asBody = (metatype: unknown): ArgumentMetadata => ({ type: 'body', metatype: metatype as never });

describe('InputSchema and the global pipe', () => {
  it('hands the route the schema output: trimmed, defaulted, converted', async () => {
    await expect(pipe.transform({ name: ' Ada ', size: '3' }, asBody(SpecBodyDto))).resolves.toEqual({
      name: 'Ada',
      size: 3,
    });
    await expect(pipe.transform({ name: 'Ada' }, asBody(SpecBodyDto))).resolves.toEqual({
      name: 'Ada',
      size: 24,
    });
  });

  it('refuses with 400 invalid_request and the first fault in our words, unknown fields first', async () => {
    const refusal = (input: unknown) =>
      pipe.transform(input, asBody(SpecBodyDto)).catch((error: unknown) => error);
    for (const [input, message] of [
      [{}, 'name is required'],
      [{ name: '  ' }, 'name must not be blank'],
      [{ foo: 1 }, 'foo is not a field'],
      [{ name: 'Ada', shipTo: { city: 'x'.repeat(11) } }, 'shipTo.city is longer than 10 characters'],
    ] as const) {
      const error = await refusal(input);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).getStatus()).toBe(400);
      expect((error as ApiError).getResponse()).toEqual({
        error: 'invalid_request',
        error_description: message,
      });
    }
  });

  it('describes the input for OpenAPI from the same schema: required, types, bounds, default, components', () => {
    expect(isInputSchemaClass(SpecBodyDto)).toBe(true);
    expect(isInputSchemaClass(class Plain {})).toBe(false);
    const properties = (
      SpecBodyDto as unknown as { _OPENAPI_METADATA_FACTORY(): Record<string, Record<string, unknown>> }
    )._OPENAPI_METADATA_FACTORY();
    expect(properties.name).toEqual({
      required: true,
      type: 'string',
      minLength: 1,
      description: 'Who.',
      example: 'Ada',
    });
    expect(properties.size).toEqual({
      required: false,
      type: 'integer',
      minimum: 1,
      maximum: 24,
      default: 24,
    });
    const shipTo = properties.shipTo as {
      required: boolean;
      type: () => { name: string; _OPENAPI_METADATA_FACTORY(): Record<string, unknown> };
    };
    expect(shipTo.required).toBe(false);
    expect(shipTo.type().name).toBe('SpecAddressDto');
    // The component describes its own fields (its schema has an id, so zod answers it as a reference).
    expect(shipTo.type()._OPENAPI_METADATA_FACTORY()).toEqual({
      city: { required: false, type: 'string', maxLength: 10 },
    });
  });

  it('leaves class-validator DTOs to class-validator', async () => {
    await expect(pipe.transform('x', { type: 'body', metatype: String })).resolves.toBe('x');
  });
});
