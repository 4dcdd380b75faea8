import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../http/api-error';
import { Prisma } from '../../generated/prisma/client';

/*
 * Prisma's known request errors that mean something to a client, mapped once: the global exception
 * filter (HTTP) and the CLI's failure report use this, services let the error propagate instead of
 * catching it to translate it themselves.
 *   P2002 unique constraint violated -> 409 conflict
 *   P2025 a record the operation needs does not exist -> 404 not_found
 */

/**
 * What a unique violation means, by constraint (the default `<table>_<columns>_key` names of
 * prisma/migrations), for the keys a caller's input can collide with; other keys get a generic text.
 */
const UNIQUE_KEY_MEANINGS: Record<string, string> = {
  organization_slug_key: 'An organization with this slug already exists.',
  user_organization_id_email_key: 'A user with this e-mail already exists in the organization.',
  oauth_client_client_id_key: 'An OAuth client with this client id already exists.',
  supplier_slug_key: 'A supplier with this slug already exists.',
  supplier_public_name_key: 'A supplier with this name already exists.',
  supplier_organization_name_key: 'A supplier with this name already exists.',
};

/** The ApiError a known Prisma error stands for, or undefined for any other error. */
export function apiErrorForPrisma(error: unknown): ApiError | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return undefined;
  const model = modelWords(error.meta?.modelName);
  if (error.code === 'P2002') {
    const meaning = UNIQUE_KEY_MEANINGS[constraintOf(error.meta) ?? ''];
    return new ApiError(
      HttpStatus.CONFLICT,
      'conflict',
      meaning ?? `${article(model)} ${model} with these values already exists.`,
    );
  }
  if (error.code === 'P2025') return new ApiError(HttpStatus.NOT_FOUND, 'not_found', `No ${model} found.`);
  return undefined;
}

/** The violated constraint's name: PostgreSQL's, as the pg driver adapter reports it. */
function constraintOf(meta: Record<string, unknown> | undefined): string | undefined {
  const adapterError = meta?.driverAdapterError;
  if (typeof adapterError !== 'object' || adapterError === null || !('cause' in adapterError))
    return undefined;
  const cause = adapterError.cause;
  if (typeof cause !== 'object' || cause === null || !('constraint' in cause)) return undefined;
  const constraint = cause.constraint;
  if (typeof constraint !== 'object' || constraint === null || !('index' in constraint)) return undefined;
  return typeof constraint.index === 'string' ? constraint.index : undefined;
}

/** "OAuthClient" -> "OAuth client", "GuidanceRule" -> "guidance rule"; "record" when unknown. */
function modelWords(modelName: unknown): string {
  if (typeof modelName !== 'string' || modelName === '') return 'record';
  return modelName
    .split(/(?<=[a-z])(?=[A-Z])/)
    .map((word) => (/[A-Z].*[A-Z]/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

function article(words: string): string {
  return /^[aeiouAEIOU]/.test(words) ? 'An' : 'A';
}
