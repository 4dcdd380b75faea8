import { z } from 'zod';
import { InputSchema } from '../../common/validation/input-schema';
import { FORM_CLIENT_CREDENTIALS, oauthForm, refuseOAuthForm, requiredField } from './oauth-form';

/** The RFC 7009 revocation form, defined once: what the OpenAPI document shows and what POST /oauth/revoke accepts. */
const revocationForm = oauthForm({
  token: requiredField('token is required: the access token to revoke.').meta({
    description: 'The access token to revoke.',
  }),
  // Allowed once, and ignored: there is one kind of token.
  token_type_hint: z
    .string()
    .optional()
    .meta({ description: 'Accepted and ignored: there is one kind of token.' }),
  ...FORM_CLIENT_CREDENTIALS,
});

export class RevocationFormDto extends InputSchema(revocationForm.read, {
  documented: revocationForm.fields,
  refuse: refuseOAuthForm,
}) {}
