import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '../../..');
/** Generated, installed or run-time folders: not the project's own text. */
const SKIPPED = new Set(['node_modules', 'dist', '.data', 'test-output', 'release', '.git', 'generated']);
const TEXT = /\.(md|ts|tsx|js|cjs|mjs|json|ya?ml|sql|cfg|sh)$|^(Dockerfile|run|\.env\.example)$/;
/** Applied migrations never change (the runner refuses a changed checksum), comments included. */
const FROZEN = /^prisma\/migrations\/|^package-lock\.json$/;

function projectFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return projectFiles(path);
    return TEXT.test(name) ? [relative(ROOT, path)] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const headings = [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]));
  const explicit = [...markdown.matchAll(/<a id="([^"]+)"/g)].map((m) => m[1]);
  return new Set([...headings, ...explicit]);
}

describe('the repository stands alone', () => {
  const files = projectFiles().filter((file) => !FROZEN.test(file));
  const markdown = files.filter((file) => file.endsWith('.md'));

  it('names no issue tracker entries and no paths outside the repository', () => {
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      if (/\bissues? ?#?\d+|\bissue's\b/i.test(text)) found.push(`${file}: refers to an issue`);
      // Absolute paths only: `./home/home.module` and `src/home/` are the repository's own folders.
      if (/(^|[^.\w])\/(work|home\/[a-z])/m.test(text))
        found.push(`${file}: names a path on a developer's machine`);
      // Tests may read the shared contract beside the repository; nothing else refers to it.
      if (!file.startsWith('test/') && /\.\.\/shared\//.test(text))
        found.push(`${file}: refers to ../shared`);
    }
    expect(found).toEqual([]);
  });

  it('every relative link in the docs points at a file that exists, and at a heading in it', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split('#');
        const linked = path ? resolve(ROOT, dirname(file), path) : join(ROOT, file);
        if (!existsSync(linked)) {
          broken.push(`${file}: ${target} (no such file)`);
          continue;
        }
        if (anchor && linked.endsWith('.md') && !anchorsOf(readFileSync(linked, 'utf8')).has(anchor)) {
          broken.push(`${file}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('the README is short and links every page under docs/', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThan(12 * 1024);
    const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    for (const page of [
      'install.md',
      'operations.md',
      'configuration.md',
      'development.md',
      'architecture.md',
    ]) {
      expect(pages).toContain(page);
    }
    expect(pages.filter((page) => !readme.includes(`](docs/${page})`))).toEqual([]);
  });

  it('the docs generate secrets that are safe inside a URL (base64 has / and +)', () => {
    const unsafe = markdown.filter((file) =>
      /openssl rand -base64/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(unsafe).toEqual([]);
  });

  it("the README's commands read files that a checkout has", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const read = [...readme.matchAll(/npm run cli -- (?:catalog import|db restore) (\S+)/g)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });
});
