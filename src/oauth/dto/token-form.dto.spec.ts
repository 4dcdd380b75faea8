import { ApiError } from '../../common/http/api-error';
import { readClientCredentials } from '../client-credentials.parser';
import { OAuthProtocolError } from '../oauth-protocol.error';
import { RevocationFormDto } from './revocation-form.dto';
import { TokenFormDto } from './token-form.dto';

// The form as the form parser hands it over: the raw body.
const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
  }
  return params.toString();
};
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
const valid = {
  grant_type: 'client_credentials',
  client_id: 'mpgc_a',
  client_secret: 'mpgs_b',
  email: 'A@B.de',
};

/** What the token endpoint reads before the database: the form (its schema), then the client's credentials. */
function readTokenRequest(body: string, authorization: string | undefined) {
  const request = TokenFormDto.parse(body);
  return { credentials: readClientCredentials(request, authorization), email: request.email };
}
function readRevocationRequest(body: string, authorization: string | undefined) {
  const request = RevocationFormDto.parse(body);
  return { token: request.token, credentials: readClientCredentials(request, authorization) };
}

interface Refusal {
  code: string;
  status: number;
  description: string;
  basic: boolean;
}

/** The refusal, whether the form's schema (an ApiError) or the credentials (an OAuthProtocolError) raised it. */
function refusal(work: () => unknown): Refusal {
  try {
    work();
  } catch (error) {
    if (error instanceof OAuthProtocolError) return error;
    if (error instanceof ApiError) {
      expect(error.headers['cache-control']).toBe('no-store');
      return {
        code: error.code,
        status: error.getStatus(),
        description: error.description,
        basic: 'www-authenticate' in error.headers,
      };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the token form (TokenFormDto) and the client credentials', () => {
  it('reads form client credentials and lower-cases the e-mail', () => {
    expect(readTokenRequest(form(valid), undefined)).toEqual({
      credentials: { clientId: 'mpgc_a', clientSecret: 'mpgs_b', method: 'client_secret_post' },
      email: 'a@b.de',
    });
  });

  it('reads HTTP Basic credentials, form-decoding id and secret (RFC 6749 2.3.1)', () => {
    const { client_id: _id, client_secret: _secret, ...rest } = valid;
    const request = readTokenRequest(form(rest), basic('id with:colon', 'sec+ret%'));
    expect(request.credentials).toEqual({
      clientId: 'id with:colon',
      clientSecret: 'sec+ret%',
      method: 'client_secret_basic',
    });
  });

  it('ignores unknown parameters such as scope', () => {
    expect(readTokenRequest(form({ ...valid, scope: 'x' }), undefined).email).toBe('a@b.de');
  });

  it.each(['grant_type', 'client_id', 'client_secret', 'email'])(
    'refuses a missing or empty %s with invalid_request',
    (name) => {
      const missing = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== name));
      expect(refusal(() => readTokenRequest(form(missing), undefined)).code).toBe('invalid_request');
      expect(refusal(() => readTokenRequest(form({ ...valid, [name]: '' }), undefined)).code).toBe(
        'invalid_request',
      );
    },
  );

  it.each(['grant_type', 'client_id', 'client_secret', 'email'])(
    'refuses a repeated %s with invalid_request',
    (name) => {
      const repeated = { ...valid, [name]: [valid[name as keyof typeof valid], 'x'] };
      const error = refusal(() => readTokenRequest(form(repeated), undefined));
      expect(error.code).toBe('invalid_request');
      expect(error.description).toContain(name);
    },
  );

  it('refuses another grant type with unsupported_grant_type', () => {
    const error = refusal(() => readTokenRequest(form({ ...valid, grant_type: 'password' }), undefined));
    expect(error).toMatchObject({ code: 'unsupported_grant_type', status: 400 });
  });

  it('refuses Basic and form credentials together with invalid_request', () => {
    const error = refusal(() => readTokenRequest(form(valid), basic('mpgc_a', 'mpgs_b')));
    expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
  });

  it('refuses an Authorization header of another scheme with invalid_request', () => {
    const { client_id: _id, client_secret: _secret, ...rest } = valid;
    expect(refusal(() => readTokenRequest(form(rest), 'Bearer abc')).code).toBe('invalid_request');
  });

  it.each([
    ['not base64', 'Basic %%%'],
    ['without a colon', `Basic ${Buffer.from('nocolon').toString('base64')}`],
    ['with an empty secret', `Basic ${Buffer.from('id:').toString('base64')}`],
    ['without credentials', 'Basic'],
  ])('refuses Basic credentials %s with invalid_client and a Basic challenge', (_case, header) => {
    const { client_id: _id, client_secret: _secret, ...rest } = valid;
    expect(refusal(() => readTokenRequest(form(rest), header))).toMatchObject({
      code: 'invalid_client',
      status: 401,
      basic: true,
    });
  });

  it.each(['not-an-email', `${'a'.repeat(320)}@b.de`])(
    'refuses the email %s with invalid_request',
    (email) => {
      expect(refusal(() => readTokenRequest(form({ ...valid, email }), undefined)).code).toBe(
        'invalid_request',
      );
    },
  );

  it('accepts quoted, plus-addressed and non-ASCII local parts', () => {
    for (const email of ['"j d"@b.de', 'a+tag@b.de', 'jürgen@b.de', 'o%o@b.de']) {
      expect(readTokenRequest(form({ ...valid, email }), undefined).email).toBe(email);
    }
  });
});

describe('the revocation form (RevocationFormDto)', () => {
  it('reads the token and the client credentials, ignoring token_type_hint', () => {
    const fields = form({
      token: 'mpgt_x',
      token_type_hint: 'access_token',
      client_id: 'c',
      client_secret: 's',
    });
    expect(readRevocationRequest(fields, undefined)).toEqual({
      token: 'mpgt_x',
      credentials: { clientId: 'c', clientSecret: 's', method: 'client_secret_post' },
    });
  });

  it('refuses a missing or repeated token with invalid_request', () => {
    expect(
      refusal(() => readRevocationRequest(form({ client_id: 'c', client_secret: 's' }), undefined)).code,
    ).toBe('invalid_request');
    expect(
      refusal(() =>
        readRevocationRequest(form({ token: ['a', 'b'], client_id: 'c', client_secret: 's' }), undefined),
      ).code,
    ).toBe('invalid_request');
  });
});
