import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every TypeScript source file below `root` (specs and the generated Prisma client excluded), named
 * relative to `root`, with its text: what the structure specs read.
 */
export function sourceFiles(root: string): Array<{ file: string; text: string }> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return walk(root)
    .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file) && !file.includes('/generated/'))
    .map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') }));
}
