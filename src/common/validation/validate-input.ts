import { ClassConstructor, plainToInstance } from 'class-transformer';
import { ValidationError, validateSync } from 'class-validator';

/** Input that broke its DTO's rules; `problems` name each field. */
export class InvalidInputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'InvalidInputError';
  }
}

/** Validates plain input (CLI arguments, seed data) with the same DTOs and rules as the HTTP API. */
export function validateInput<T extends object>(dto: ClassConstructor<T>, plain: object): T {
  const instance = plainToInstance(dto, plain);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) throw new InvalidInputError(flatten(errors));
  return instance;
}

function flatten(errors: ValidationError[], prefix = ''): string[] {
  return errors
    .flatMap((error) => [
      ...Object.values(error.constraints ?? {}),
      ...flatten(error.children ?? [], `${prefix}${error.property}.`),
    ])
    .map((message) => (prefix && !message.startsWith(prefix) ? `${prefix}${message}` : message));
}
