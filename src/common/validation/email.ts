import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { IsEmail, MaxLength } from 'class-validator';

/** E-mail addresses compare case-insensitively, so they are trimmed and stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A user's e-mail: RFC 5321 length, UTF-8 and quoted local parts allowed, normalized. */
export const IsUserEmail = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? normalizeEmail(value) : value)),
    MaxLength(320),
    IsEmail(
      { allow_utf8_local_part: true, require_tld: false },
      { message: '$property must be an e-mail address' },
    ),
  );
