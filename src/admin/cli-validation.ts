import { ClassConstructor, plainToInstance } from 'class-transformer';
import { getMetadataStorage, ValidationError, validateSync } from 'class-validator';
import { UsageError } from './cli-command';

/**
 * Validates command-line arguments with the same DTO (and so the same rules) as the HTTP API, and
 * says what is wrong in the words of the command line: `labels` names each DTO field as the user
 * gave it (`name` -> `--name`, `slug` -> `<slug>`). class-validator's own messages ("name must be
 * longer than or equal to 1 characters") never reach the operator.
 */
export function validateArgs<T extends object>(
  dto: ClassConstructor<T>,
  plain: Record<string, unknown>,
  labels: Record<string, string>,
): T {
  const instance = plainToInstance(dto, plain);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length === 0) return instance;
  throw new UsageError(errors.map((error) => explain(dto, error, plain, labels)).join('; '));
}

/** Constraints whose default message is class-validator's wording: these get ours. */
const REQUIRED = new Set(['isDefined', 'isNotEmpty', 'isString', 'isArray']);

function explain(
  dto: ClassConstructor<object>,
  error: ValidationError,
  plain: Record<string, unknown>,
  labels: Record<string, string>,
): string {
  const field = error.property;
  const label = labels[field] ?? field;
  const value = plain[field];
  const constraints = error.constraints ?? {};
  const kinds = Object.keys(constraints);
  const missing = value === undefined || (Array.isArray(value) && value.length === 0);
  if (missing) return `${label} is required`;
  const rule = (name: string): unknown[] =>
    getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .find((m) => m.propertyName === field && m.name === name)?.constraints ?? [];
  if (kinds.includes('isLength') && typeof value === 'string') {
    const [min, max] = rule('isLength') as [number, number];
    if (value.length < min)
      return min <= 1 ? `${label} must not be empty` : `${label} needs at least ${min} characters`;
    return `${label} is too long: ${value.length} characters, at most ${max}`;
  }
  if (kinds.includes('arrayMaxSize'))
    return `${label} is given too often: at most ${String(rule('arrayMaxSize')[0])}`;
  if (kinds.every((kind) => REQUIRED.has(kind))) return `${label} is required`;
  // A DTO's own message ("slug must be 2-64 lower-case letters ..."), named as the user gave it.
  const message = Object.values(constraints)[0];
  // The DTO names the field (`roles`) or one of its items (`role`): either becomes the label.
  const named = [field, field.replace(/s$/, '')].find((name) => message.startsWith(`${name} `));
  return named ? `${label}${message.slice(named.length)}` : `${label}: ${message}`;
}
