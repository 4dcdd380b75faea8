import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { IsEmail, MaxLength } from 'class-validator';

/**
 * E-mail addresses compare case-insensitively and by their characters, not their Unicode encoding,
 * so they are trimmed, put in NFC (a decomposed "e" + U+0308 is the same address as "ë") and stored
 * lower-cased. Every place that stores or looks up an e-mail goes through here.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFC').trim().toLowerCase();
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
