// A real OpenID provider (the `oidc-provider` package) for the console's single sign-on tests, run as a
// child process (test/support/oidc-provider.ts starts it): the package is ES-only and runs natively
// here, not inside jest. The login step is a page listing the accounts, one button each, which a
// test presses with fetch or in Chromium.
//
// Environment: OIDC_CLIENTS (JSON array of client metadata), OIDC_ACCOUNTS (JSON object: account id
// to claims; `audience` re-issues that account's ID token for another client, as a misconfigured
// provider would). Prints "oidc-provider listening on <port>" when ready.
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import Provider, { ClientMetadata, KoaContextWithOIDC } from 'oidc-provider';

interface TestAccount {
  email?: string;
  email_verified?: unknown;
  name?: string;
  audience?: string;
}

const clients = JSON.parse(process.env.OIDC_CLIENTS ?? '[]') as ClientMetadata[];
const accounts = JSON.parse(process.env.OIDC_ACCOUNTS ?? '{}') as Record<string, TestAccount>;
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingJwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
}

/** The same ID token signed again by the provider's key for another audience. */
function reissuedFor(idToken: string, audience: string): string {
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const body = Buffer.from(JSON.stringify({ ...claims, aud: audience, azp: audience })).toString('base64url');
  const signature = sign(
    'sha256',
    Buffer.from(`${header}.${body}`),
    createPrivateKey({ key: signingJwk, format: 'jwk' }),
  );
  return `${header}.${body}.${signature.toString('base64url')}`;
}

async function main(): Promise<void> {
  // The issuer names the port, so the provider is made once the server listens.
  const ready: { provider?: Provider; handle?: ReturnType<Provider['callback']> } = {};
  const server = createServer((request, response) => {
    if (!ready.provider || !ready.handle) return void response.writeHead(503).end();
    if (request.url?.startsWith('/interaction/')) return void interaction(ready.provider, request, response);
    void ready.handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const provider = new Provider(`http://127.0.0.1:${port}`, {
    clients,
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    findAccount: (_ctx, id) => {
      const account = accounts[id];
      if (!account) return undefined;
      const { audience: _audience, ...claims } = account;
      return { accountId: id, claims: () => ({ sub: id, ...claims }) };
    },
  });
  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    const subject = ctx.oidc?.entities.AuthorizationCode?.accountId;
    const audience = subject ? accounts[subject]?.audience : undefined;
    if (ctx.oidc?.route === 'token' && body?.id_token && audience) {
      ctx.body = { ...body, id_token: reissuedFor(body.id_token, audience) };
    }
  });
  ready.handle = provider.callback();
  ready.provider = provider;
  process.stdout.write(`oidc-provider listening on ${port}\n`);
}

/** The login page (one button per account) and its submission, which signs in and consents. */
async function interaction(provider: Provider, request: IncomingMessage, response: ServerResponse) {
  try {
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'POST') {
      const accountId = (await readForm(request)).get('account') ?? '';
      if (!accounts[accountId]) return void response.writeHead(400).end('unknown account');
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(request, response, { login: { accountId }, consent: { grantId } });
      return;
    }
    const buttons = Object.entries(accounts)
      .map(
        ([id, account]) =>
          `<form method="post" action="/interaction/${escapeHtml(details.uid)}"><input type="hidden" name="account" value="${escapeHtml(id)}"><button type="submit">Sign in as ${escapeHtml(account.email ?? id)} (${escapeHtml(id)})</button></form>`,
      )
      .join('');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><title>Test identity provider</title><h1>Test identity provider</h1>${buttons}</html>`,
    );
  } catch (error) {
    response.writeHead(400, { 'content-type': 'text/plain' });
    response.end(String(error));
  }
}

void main();
