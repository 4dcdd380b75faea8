import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditEventTypes } from '../../../src/audit/audit-event';
import { AuditService } from '../../../src/audit/audit.service';
import { UserRole } from '../../../src/generated/prisma/enums';
import { createClient, createOrganization, createUser } from '../../factories/identity.factory';
import { appendTestEvents } from '../../support/audit';
import { bearer, issueTestToken } from '../../support/auth';
import { startTestApp, TestApp } from '../../support/test-app';

/** The "With standard tools" shell recipe of docs/audit.md, as written there. */
function documentedRecipe(): string {
  const doc = readFileSync(join(__dirname, '../../../docs/audit.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### With standard tools'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('no sh block under "With standard tools" in docs/audit.md');
  return block[1];
}

const haveTools = ['jq', 'xxd', 'sha256sum', 'sed'].every((tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

describe('docs/audit.md: checking one export line with standard tools', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'audit-recipe-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  (haveTools ? it : it.skip)(
    'recomputes the stored hash of events whose payload jq would re-escape (DEL, U+2028, controls)',
    async () => {
      const organization = await createOrganization(t.prisma);
      const audit = t.app.get(AuditService);
      await appendTestEvents(t.prisma, audit, organization.id, 1);
      const notes = [
        'delete\u007fme',
        'line\u2028separator',
        'bell\u0007 and tab\t',
        'Bürostuhl "quoted" \\ back',
      ];
      for (const note of notes) {
        await t.prisma.$transaction((tx) =>
          audit.append(tx, {
            organizationId: organization.id,
            type: AuditEventTypes.guidanceRuleAdded,
            actor: { label: 'cli:test' },
            payload: { note, amount: 1e21, small: 1e-7 },
          }),
        );
      }
      const { client } = await createClient(t.prisma, organization);
      const token = await issueTestToken(
        t.prisma,
        await createUser(t.prisma, organization, { roles: [UserRole.auditor] }),
        client,
      );
      const text = await (
        await fetch(`${t.baseUrl}/api/v1/audit/export?format=jsonl`, { headers: bearer(token) })
      ).text();
      writeFileSync(join(dir, 'export.jsonl'), text);
      const lines = text.trimEnd().split('\n');
      expect(lines).toHaveLength(1 + notes.length);

      const recipe = documentedRecipe();
      expect(recipe).toContain('sed -n 57p export.jsonl');
      for (let n = 1; n <= lines.length; n += 1) {
        const script = `${recipe.replace('sed -n 57p', `sed -n ${n}p`)}\nprintf 'stored %s\\n' "$stored"\n`;
        const output = execFileSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8' });
        const computed = /^([0-9a-f]{64}) {2}-$/m.exec(output)?.[1];
        const stored = /^stored ([0-9a-f]{64})$/m.exec(output)?.[1];
        expect({ line: n, computed }).toEqual({ line: n, computed: stored });
      }
    },
  );
});
