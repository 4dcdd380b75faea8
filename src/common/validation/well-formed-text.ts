import { buildMessage, ValidateBy, ValidationOptions } from 'class-validator';

/**
 * A lone UTF-16 surrogate: with the `u` flag a well-formed pair is one code point and does not
 * match. Such a string is not Unicode text (String.prototype.isWellFormed is false): JSON can carry
 * one as an escape (`"a\ud800b"`), PostgreSQL's jsonb refuses it and its text stores U+FFFD instead.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** True when `value` is well-formed Unicode (no lone surrogate). */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * The one well-formed-Unicode check of every text field of every JSON body DTO (and the punchout
 * request parser): a lone surrogate is a 400 naming the field, never a value stored as U+FFFD.
 * Non-strings pass (IsString and the like speak for the type).
 */
export function IsWellFormedText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isWellFormedText',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || isWellFormedText(value),
        defaultMessage: buildMessage(
          (prefix) => `${prefix}$property must be well-formed Unicode text (it contains a lone surrogate)`,
        ),
      },
    },
    options,
  );
}

/** NUL (U+0000): PostgreSQL's text and jsonb cannot hold it (22021), so no query may carry one. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const NUL = /\u0000/;

/** True when PostgreSQL can store or compare `value` as text: well-formed, no NUL. */
export function isStorableText(value: string): boolean {
  return !NUL.test(value) && isWellFormedText(value);
}

/**
 * A text filter or field PostgreSQL can take: no NUL and no lone surrogate, checked before any query,
 * so such input is a 400 naming the field (never an error from the database mid-answer).
 */
export function IsStorableText(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStorableText',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || isStorableText(value),
        defaultMessage: buildMessage(
          (prefix) => `${prefix}$property must be text without a NUL (U+0000) character or a lone surrogate`,
        ),
      },
    },
    options,
  );
}
