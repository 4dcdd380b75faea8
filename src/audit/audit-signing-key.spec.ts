import { Logger } from '@nestjs/common';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { checkpointProblem } from './audit-checkpoint';
import { AuditSigningKey, generateSigningKeyPem, writePrivateKeyFile } from './audit-signing-key';

describe('AuditSigningKey', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'audit-key-'));
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    jest.restoreAllMocks();
  });

  const keyFor = (env: Record<string, string>) =>
    new AuditSigningKey(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: join(dir, '.data'), ...env }));

  it('signs with the key in AUDIT_SIGNING_KEY_FILE, and its keyId names that key', () => {
    const file = join(dir, 'key.pem');
    const { privateKeyPem, publicKeyPem } = generateSigningKeyPem();
    writePrivateKeyFile(file, privateKeyPem);
    const key = keyFor({ AUDIT_SIGNING_KEY_FILE: file, NODE_ENV: 'test' });
    expect(key.publicKeyPem).toBe(publicKeyPem);
    const checkpoint = key.sign({ organization: 'o', sequence: 1, hash: 'a'.repeat(64), time: 't' });
    expect(checkpoint.keyId).toBe(key.keyId);
    expect(checkpointProblem(checkpoint, key.publicKey)).toBeUndefined();
  });

  it('keeps the key owner-only but leaves the directory it creates traversable', () => {
    // The default DATA_DIR also holds the embedded database, whose server runs as another user (as
    // root, `postgres`): a 0700 ./.data made `npm start` fail with initdb "Permission denied".
    const file = join(dir, 'data', 'audit-signing-key.pem');
    writePrivateKeyFile(file, generateSigningKeyPem().privateKeyPem);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o011).toBe(0o011);
  });

  it('refuses a missing, unreadable or non-Ed25519 key file, naming the variable', () => {
    expect(() => keyFor({ AUDIT_SIGNING_KEY_FILE: join(dir, 'missing.pem') }).load()).toThrow(
      /^AUDIT_SIGNING_KEY_FILE: cannot read a PEM private key/,
    );
    const rsa = join(dir, 'rsa.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    writeFileSync(rsa, privateKey.export({ format: 'pem', type: 'pkcs8' }));
    expect(() => keyFor({ AUDIT_SIGNING_KEY_FILE: rsa }).load()).toThrow(/holds a rsa key, not Ed25519/);
  });

  it('without the variable, generates DATA_DIR/audit-signing-key.pem once (0600) and reuses it', () => {
    const first = keyFor({ NODE_ENV: 'development' });
    first.load();
    const file = join(dir, '.data/audit-signing-key.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const pem = readFileSync(file, 'utf8');
    expect(keyFor({ NODE_ENV: 'development' }).keyId).toBe(first.keyId);
    expect(readFileSync(file, 'utf8')).toBe(pem);
  });

  it('warns in production without the variable; in tests keeps a key in memory only', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    keyFor({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://x@localhost/x' }).load();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^AUDIT_SIGNING_KEY_FILE is not set/));
    rmSync(join(dir, '.data'), { recursive: true });
    keyFor({ NODE_ENV: 'test' }).load();
    expect(existsSync(join(dir, '.data'))).toBe(false);
  });

  it('is loaded only when first used', () => {
    const key = keyFor({ NODE_ENV: 'development' });
    expect(existsSync(join(dir, '.data'))).toBe(false);
    void key.keyId;
    expect(existsSync(join(dir, '.data/audit-signing-key.pem'))).toBe(true);
  });
});
