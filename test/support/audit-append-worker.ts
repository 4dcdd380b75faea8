/*
 * A separate process appending to one organization's chain: APPEND_COUNT appends, APPEND_CONCURRENCY
 * at a time, each in its own transaction on its own pool (as another replica would). Prints
 * "appended <n>" when done. Used by the concurrency test.
 */
import { Pool } from 'pg';
import { AuditEventTypes } from '../../src/audit/audit-event';
import { AuditService } from '../../src/audit/audit.service';
import { SystemClock } from '../../src/common/clock/clock';
import { inPoolTransaction } from '../../src/database/pool-transaction';

async function main(): Promise<void> {
  const count = Number(process.env.APPEND_COUNT);
  const concurrency = Number(process.env.APPEND_CONCURRENCY ?? 10);
  const organizationId = process.env.ORGANIZATION_ID as string;
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: concurrency });
  const audit = new AuditService(new SystemClock());
  let next = 0;
  const writer = async () => {
    while (next < count) {
      const i = (next += 1);
      await inPoolTransaction(pool, (client) =>
        audit.append(client, {
          organizationId,
          type: AuditEventTypes.guidanceRuleAdded,
          actor: { label: `worker:${process.pid}` },
          payload: { i },
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, writer));
  await pool.end();
  process.stdout.write(`appended ${count}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
