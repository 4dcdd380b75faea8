import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Relative imports of one file within src/admin (`import ... from './x'`, type-only ones included). */
function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)[^;]*?from\s+'(\.\/[^']+)'/gms)) {
    const base = resolve(dirname(file), match[1]);
    const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(candidate));
    if (target) found.push(target);
  }
  return found;
}

describe('src/admin modules', () => {
  it('import each other without a cycle (what `madge --circular src/admin` checks)', () => {
    const dir = resolve(__dirname);
    const files = readdirSync(dir)
      .filter((name) => /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name))
      .map((name) => join(dir, name));
    const graph = new Map(files.map((file) => [file, localImports(file)]));
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        const cycle = path.slice(path.indexOf(file));
        cycles.push([...cycle, file].map((f) => f.slice(dir.length + 1)).join(' > '));
        return;
      }
      state.set(file, 'visiting');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
