import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every source file of the punchout feature (tests excluded), with its text. */
function punchoutSources(): Array<{ file: string; text: string }> {
  const root = __dirname;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return walk(root)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.spec.ts'))
    .map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));
}

describe('punchout core boundaries', () => {
  const sources = punchoutSources();

  it('locks a session row in one place only (the sessions service)', () => {
    const locking = sources.filter(({ text }) => /FOR\s+UPDATE/i.test(text)).map(({ file }) => file);
    expect(locking).toEqual(['core/punchout-sessions.service.ts']);
  });
});
