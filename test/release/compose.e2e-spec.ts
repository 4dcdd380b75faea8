import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import 'reflect-metadata';
import { EnvironmentVariables } from '../../src/config/environment.dto';

// Docker has no engine on the machines that run this suite, so docker-compose.yml is checked by
// reading it: a default it gives a gateway variable (`NAME: ${NAME:-default}`) is the gateway's own
// default, so that an install with Compose is as secure by default as any other.

const ROOT = join(__dirname, '../..');
const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const defaults = new EnvironmentVariables() as unknown as Record<string, unknown>;

describe('docker-compose.yml', () => {
  const composeDefaults = [...compose.matchAll(/^ +([A-Z][A-Z0-9_]*): \$\{\1:-([^}]*)\}$/gm)]
    .map(([, name, value]) => ({ name, value }))
    .filter(({ name }) => name in defaults);

  it('gives gateway variables defaults (checked: at least the frame ancestors and the log level)', () => {
    expect(composeDefaults.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['PUNCHOUT_FRAME_ANCESTORS', 'LOG_LEVEL', 'TRUST_PROXY']),
    );
  });

  it("keeps the gateway's own default for every variable it passes through (PUNCHOUT_FRAME_ANCESTORS was *)", () => {
    const differing = composeDefaults
      .filter(({ name, value }) => String(defaults[name] ?? '') !== value)
      .map(
        ({ name, value }) =>
          `${name}: compose ${JSON.stringify(value)}, gateway ${JSON.stringify(defaults[name] ?? '')}`,
      );
    expect(differing).toEqual([]);
  });
});
