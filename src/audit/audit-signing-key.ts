import { Injectable, Logger } from '@nestjs/common';
import { createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { AppConfig } from '../config/app-config';
import { AuditCheckpoint, keyIdOf, signCheckpoint, UnsignedCheckpoint } from './audit-checkpoint';

/** Where the key is kept when AUDIT_SIGNING_KEY_FILE is not set (outside tests). */

/** A new Ed25519 private key as PEM (PKCS#8), and its public key as PEM (SPKI). */
export function generateSigningKeyPem(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

/**
 * Writes a private key readable by its owner only (0600); refuses to overwrite. Directories it has to
 * create get the default mode: the default ./.data also holds the embedded database, whose server
 * runs as another user and must traverse it (the file's own mode is what keeps the key private).
 */
export function writePrivateKeyFile(file: string, privateKeyPem: string): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeFileSync(file, privateKeyPem, { mode: 0o600, flag: 'wx' });
}

export function loadPrivateKey(file: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(file));
  } catch (error) {
    throw new Error(
      `AUDIT_SIGNING_KEY_FILE: cannot read a PEM private key from ${file}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`AUDIT_SIGNING_KEY_FILE: ${file} holds a ${key.asymmetricKeyType} key, not Ed25519`);
  }
  return key;
}

/**
 * The key that signs checkpoints. AUDIT_SIGNING_KEY_FILE when set (unreadable: the process does not
 * start). Otherwise a key generated once under ./.data/ and reused (in production with a warning, since
 * replicas and rebuilt containers would each sign with their own key), and in tests one in memory.
 */
@Injectable()
export class AuditSigningKey {
  private readonly logger = new Logger(AuditSigningKey.name);
  private loaded?: { privateKey: KeyObject; publicKey: KeyObject; keyId: string };

  constructor(private readonly config: AppConfig) {}

  /** Loaded on first use, so commands that never sign do not create a key file. */
  private get key(): { privateKey: KeyObject; publicKey: KeyObject; keyId: string } {
    if (!this.loaded) {
      const privateKey = this.resolveKey(this.config);
      const publicKey = createPublicKey(privateKey);
      this.loaded = { privateKey, publicKey, keyId: keyIdOf(publicKey) };
    }
    return this.loaded;
  }

  /** Loads (or generates) the key now, so a bad AUDIT_SIGNING_KEY_FILE stops the server at start. */
  load(): void {
    void this.key;
  }

  get publicKey(): KeyObject {
    return this.key.publicKey;
  }

  get keyId(): string {
    return this.key.keyId;
  }

  get publicKeyPem(): string {
    return this.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  }

  sign(checkpoint: Omit<UnsignedCheckpoint, 'keyId'>): AuditCheckpoint {
    return signCheckpoint(checkpoint, this.key.privateKey);
  }

  private resolveKey(config: AppConfig): KeyObject {
    if (config.audit.signingKeyFile) return loadPrivateKey(config.audit.signingKeyFile);
    if (config.nodeEnv === 'test') return generateKeyPairSync('ed25519').privateKey;
    const file = config.audit.generatedKeyFile;
    if (!existsSync(file)) {
      try {
        writePrivateKeyFile(file, generateSigningKeyPem().privateKeyPem);
        this.logger.log(`Generated the audit signing key ${file} (AUDIT_SIGNING_KEY_FILE is not set)`);
      } catch (error) {
        // Another process (the CLI, a second replica) generated it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    if (config.nodeEnv === 'production') {
      this.logger.warn(
        `AUDIT_SIGNING_KEY_FILE is not set: audit checkpoints are signed with ${file}, generated on this ` +
          'host. Every replica needs the same key, kept where the database administrator cannot reach it: ' +
          'create one with `gateway audit keygen --out <file>` and set AUDIT_SIGNING_KEY_FILE.',
      );
    }
    return loadPrivateKey(file);
  }
}
