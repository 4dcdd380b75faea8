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

  it("reads other features' tables only through their services", () => {
    // Prisma delegates of tables punchout does not own.
    const foreign = /\b(?:prisma|tx|db)\s*\.\s*(offer|product|oAuthClient|user|guidanceRule|auditEvent)\s*\./;
    expect(sources.filter(({ text }) => foreign.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('reads those tables in SQL only in the session-creating insert', () => {
    // SQL keywords as the project writes them (upper case), so prose ("from product details") is no match.
    const sql = /\b(?:FROM|JOIN)\s+(?:product|offer|oauth_client|"user"|guidance_rule|audit_event)\b/;
    const files = sources.filter(({ text }) => sql.test(text)).map(({ file }) => file);
    expect(files).toEqual(['core/punchout-sessions.service.ts']);
    const matches = sources
      .find(({ file }) => file === 'core/punchout-sessions.service.ts')!
      .text.match(new RegExp(sql.source, 'g'));
    // The insert's two EXISTS checks (product, client origins); nothing else.
    expect(matches).toHaveLength(2);
  });
});
