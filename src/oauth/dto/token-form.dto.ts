import { isEmail } from 'class-validator';
import { InputSchema } from '../../common/validation/input-schema';
import { normalizeEmail } from '../../common/validation/email';
import { FORM_CLIENT_CREDENTIALS, oauthForm, refuseOAuthForm, requiredField } from './oauth-form';

const GRANT_TYPE = 'client_credentials';

/**
 * The token request's form (spec 4.1, RFC 6749 4.4 plus the user's `email`), defined once: what the
 * OpenAPI document shows and what POST /oauth/authorize accepts. Checks run in RFC 6749 order: a
 * malformed request (unreadable form, a repeated or missing parameter) before an unsupported grant
 * type; client authentication (Basic or these fields, client-credentials.parser.ts) and everything
 * that needs the database come after.
 */
const tokenForm = oauthForm({
  grant_type: requiredField(`grant_type is required; use ${GRANT_TYPE}.`)
    .check((ctx) => {
      if (ctx.value === GRANT_TYPE) return;
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        params: { oauthError: 'unsupported_grant_type' },
        message: `The grant type "${ctx.value.slice(0, 50)}" is not supported; use ${GRANT_TYPE}.`,
      });
    })
    .meta({ enum: [GRANT_TYPE] }),
  ...FORM_CLIENT_CREDENTIALS,
  // Trimmed, NFC and lower-cased, as users are stored.
  email: requiredField('email is required: the e-mail address of the user the token is for.')
    .overwrite(normalizeEmail)
    .refine(
      (email) => email.length <= 320 && isEmail(email, { allow_utf8_local_part: true, require_tld: false }),
      'email must be an e-mail address (percent-encode it in the form body).',
    )
    .meta({
      description:
        'E-mail of the user the token is for; percent-encode it (e.g. "+" as %2B). Case-insensitive.',
      example: 'buyer@demo.example',
    }),
});

export class TokenFormDto extends InputSchema(tokenForm.read, {
  documented: tokenForm.fields,
  refuse: refuseOAuthForm,
}) {}
