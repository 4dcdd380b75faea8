import { ArgumentMetadata, HttpStatus, Injectable, ValidationPipe } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { isInputSchemaClass } from './input-schema';

/** Keys class-transformer drops without a word (prototype names), so whitelisting never sees them. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * The global validation of every route input. An InputSchema class (input-schema.ts) is validated
 * by its schema, whatever the parameter's source (body, query, a custom decorator), and the route
 * receives the schema's output. Other DTOs go through class-validator with `whitelist`,
 * `forbidNonWhitelisted` and `transform`, so an unknown parameter is a 400 naming it. `?__proto__=1`
 * or `?constructor=1` is an unknown parameter like `?foo=1`: class-transformer would skip those names
 * before the whitelist looked, so they are named here first, in the same words.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, forbidNonWhitelisted: true, transform: true });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (isInputSchemaClass(metadata.metatype)) return metadata.metatype.parse(value);
    if (typeof value === 'object' && value !== null && this.toValidate(metadata)) {
      const named = PROTOTYPE_KEYS.filter((key) => Object.prototype.hasOwnProperty.call(value, key));
      if (named.length > 0) {
        throw new ApiError(
          HttpStatus.BAD_REQUEST,
          'invalid_request',
          named.map((key) => `property ${key} should not exist`).join('; '),
        );
      }
    }
    return super.transform(value, metadata);
  }
}
