import { z } from 'zod';
import { CONTROL_CHARACTERS } from '../client-credentials.parser';
import { invalidRequest, OAuthErrorCode, OAuthProtocolError } from '../oauth-protocol.error';
import { parseFormUrlencoded } from '../form-urlencoded.parser';
import { oauthApiError } from '../oauth-protocol.error';
import type { InputIssue } from '../../common/validation/input-schema';

/**
 * An OAuth endpoint's form body: the raw text (the form parser keeps it unparsed), read strictly
 * (form-urlencoded.parser.ts), each of `fields` at most once (RFC 6749 3.2 forbids repeats; an
 * empty value stays '' and its field's schema treats it as omitted, RFC 6749 3.1). Other
 * parameters (scope, ...) are left out, as RFC 6749 3.2 says to ignore them.
 */
export function oauthForm<Shape extends z.ZodRawShape>(shape: Shape) {
  const names = Object.keys(shape);
  const fields = z.object(shape);
  const read = z.preprocess((raw, ctx): unknown => {
    if (typeof raw !== 'string') {
      ctx.issues.push({ code: 'custom', input: raw, message: NOT_A_FORM });
      return z.NEVER;
    }
    let form;
    try {
      form = parseFormUrlencoded(raw);
    } catch (error) {
      if (!(error instanceof OAuthProtocolError)) throw error;
      ctx.issues.push({ code: 'custom', input: raw, message: error.description });
      return z.NEVER;
    }
    const values: Record<string, string> = {};
    for (const name of names) {
      const given = form.get(name);
      if (given && given.length > 1) {
        ctx.issues.push({
          code: 'custom',
          input: raw,
          message: `The parameter ${name} is repeated; send it once.`,
        });
        return z.NEVER;
      }
      if (given) values[name] = given[0];
    }
    return values;
  }, fields);
  return { read, fields };
}

const NOT_A_FORM = 'The request body must be application/x-www-form-urlencoded.';

/** A required form field: absent or empty (RFC 6749 3.1: treated as omitted) is `missing`. */
export function requiredField(missing: string) {
  // A refinement, not min(1): the document says "required"; an empty value is the same omission.
  return z.string({ error: missing }).refine((value) => value !== '', { error: missing, abort: true });
}

/** client_id and client_secret in the form, when the client does not authenticate with HTTP Basic. */
export const FORM_CLIENT_CREDENTIALS = {
  client_id: z
    .string()
    .refine((id) => !CONTROL_CHARACTERS.test(id), 'client_id must not contain control characters.')
    .optional()
    .meta({ description: 'Required unless the client authenticates with HTTP Basic.' }),
  client_secret: z
    .string()
    .optional()
    .meta({ description: 'Required unless the client authenticates with HTTP Basic.' }),
};

/** A refused OAuth form, answered as RFC 6749 5.2 says: the OAuth error code the schema attached to it, or invalid_request. */
export function refuseOAuthForm(issue: InputIssue): Error {
  const code =
    (issue.code === 'custom' && (issue.params?.oauthError as OAuthErrorCode | undefined)) || undefined;
  return oauthApiError(code ? new OAuthProtocolError(code, issue.message) : invalidRequest(issue.message));
}
