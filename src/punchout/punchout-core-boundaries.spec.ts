import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The punchout's shape, checked on its sources: a core that knows protocols only through the
 * adapter interface, protocols apart from each other, pages that never ask which protocol a session
 * came through, one INSERT of a session, one entry authenticator, routes written as URLs. npm run
 * lint:deps checks the same imports with dependency-cruiser; this spec also checks what an import
 * graph cannot show. Which tables punchout reads in SQL: src/table-ownership.spec.ts.
 */

const root = __dirname;
const PROTOCOL_FOLDERS = ['rest', 'oci', 'cxml'];

/** Every source file of the punchout feature (specs excluded), with its text, path relative to src/punchout. */
function punchoutSources(): Array<{ file: string; text: string }> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return walk(root)
    .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file))
    .map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));
}

/** The punchout folders (relative to src/punchout) a file imports from, by its relative import paths. */
function importedFolders(file: string, text: string): Array<{ folder: string; specifier: string }> {
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specifiers.flatMap((specifier) => {
    const target = relative(root, resolve(dirname(join(root, file)), specifier));
    if (target.startsWith('..')) return [];
    const folder = target.includes('/') ? target.slice(0, target.indexOf('/')) : '.';
    return [{ folder, specifier }];
  });
}

const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '.');

describe('punchout structure', () => {
  const sources = punchoutSources();
  const inFolder = (folder: string) => sources.filter(({ file }) => folderOf(file) === folder);

  it('has a core with files in it (so the checks below check something)', () => {
    expect(inFolder('core').length).toBeGreaterThan(10);
    for (const folder of [...PROTOCOL_FOLDERS, 'shop']) expect(inFolder(folder).length).toBeGreaterThan(0);
  });

  it('core imports no protocol, no page and not the module that wires them', () => {
    const outside = inFolder('core').flatMap(({ file, text }) =>
      importedFolders(file, text)
        .filter(({ folder }) => folder !== 'core')
        .map(({ specifier }) => `${file} -> ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it('protocols do not import each other (a new one touches its folder and one registration)', () => {
    const crossing = sources.flatMap(({ file, text }) => {
      const own = folderOf(file);
      if (!PROTOCOL_FOLDERS.includes(own)) return [];
      return importedFolders(file, text)
        .filter(({ folder }) => PROTOCOL_FOLDERS.includes(folder) && folder !== own)
        .map(({ specifier }) => `${file} -> ${specifier}`);
    });
    expect(crossing).toEqual([]);
  });

  it('core names no protocol: only the adapter registry reads a session protocol, to find its adapter', () => {
    const naming = inFolder('core')
      .filter(({ text }) => /\bPunchoutProtocols\s*\.|\bsession\.protocol\b/.test(text))
      .map(({ file }) => file);
    expect(naming).toEqual(['core/punchout-adapters.ts']);
    expect(inFolder('core').find(({ file }) => file === 'core/punchout-adapters.ts')!.text).not.toMatch(
      /PunchoutProtocols\s*\./,
    );
  });

  it('the pages never look at a session protocol', () => {
    const asking = inFolder('shop')
      .filter(({ text }) => /\bsession\.protocol\b|\bprotocol\s*[!=]==|PunchoutProtocols/.test(text))
      .map(({ file }) => file);
    expect(asking).toEqual([]);
  });

  it('every protocol adapter implements the interface and is registered once in PunchoutModule', () => {
    const adapters = sources.filter(({ file }) => file.endsWith('.adapter.ts'));
    expect(adapters.length).toBeGreaterThanOrEqual(2);
    const module = sources.find(({ file }) => file === 'punchout.module.ts')!.text;
    const registered = /const ADAPTERS = \[([^\]]*)\]/
      .exec(module)?.[1]
      .split(',')
      .map((name) => name.trim());
    for (const { file, text } of adapters) {
      expect(PROTOCOL_FOLDERS).toContain(folderOf(file));
      const name = /export class (\w+) implements PunchoutAdapter\b/.exec(text)?.[1];
      expect(name).toBeDefined();
      expect(registered).toContain(name);
    }
    expect(registered).toHaveLength(adapters.length);
  });

  it('inserts a session in one place only (the session repository), and never through Prisma', () => {
    const inserting = sources
      .filter(({ text }) =>
        /INSERT\s+INTO\s+punchout_session\b|punchoutSession\s*\.\s*(create|createMany|upsert)\b/.test(text),
      )
      .map(({ file }) => file);
    expect(inserting).toEqual(['core/punchout-session.repository.ts']);
    const text = sources.find(({ file }) => file === 'core/punchout-session.repository.ts')!.text;
    expect(text.match(/INSERT\s+INTO\s+punchout_session\b/g)).toHaveLength(1);
  });

  it('starts sessions one way: the entries call PunchoutSessionsService.start', () => {
    const starting = sources
      .filter(({ text }) => /\bsessions\s*\.\s*start\s*\(/.test(text))
      .map(({ file }) => folderOf(file))
      .sort();
    expect(starting).toEqual([...PROTOCOL_FOLDERS].sort());
  });

  it('authenticates entries in one place (the entry authenticator), whatever the protocol', () => {
    const authenticating = sources
      .filter(({ text }) => /\.(authenticatePunchout|punchoutBuyer)\s*\(/.test(text))
      .map(({ file }) => file);
    expect(authenticating).toEqual(['core/entry-authenticator.service.ts']);
    const using = sources
      .filter(({ text }) => /\bentry\s*\.\s*authenticate\s*[<(]/.test(text))
      .map(({ file }) => folderOf(file));
    expect(using.sort()).toEqual(['cxml', 'oci']);
  });

  it('locks a session row in one place only (the sessions service)', () => {
    const locking = sources.filter(({ text }) => /FOR\s+UPDATE/i.test(text)).map(({ file }) => file);
    expect(locking).toEqual(['core/punchout-sessions.service.ts']);
  });

  it('writes every route as its URL (greppable), never computed', () => {
    const computed = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/@(Controller|Get|Post|Put|Patch|Delete|All)\(([^)]*)\)/g)]
        .filter(
          ([, , argument]) =>
            argument.trim() !== '' && !/^\s*(\[\s*)?'[^']*'(\s*,\s*'[^']*')*\s*,?\s*\]?\s*$/.test(argument),
        )
        .map(([decorator]) => `${file}: ${decorator}`),
    );
    expect(computed).toEqual([]);
  });
});
