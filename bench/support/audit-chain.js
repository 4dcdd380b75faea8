'use strict';
/* global Buffer */
const { join } = require('node:path');

const dist = (path) => require(join(__dirname, '../../dist', path));
const INSERT_BATCH = 20_000;

/**
 * Writes a valid chain of `count` events (hashes computed in JS, 20,000 rows per statement) for the
 * organization and sets its head, as a restore by the database superuser would.
 */
async function generateChain(pool, organizationId, count) {
  const { chainHash } = dist('audit/audit-hash');
  let prevHash = '0'.repeat(64);
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  for (let from = 1; from <= count; from += INSERT_BATCH) {
    const columns = [[], [], [], [], []];
    for (let sequence = from; sequence < Math.min(from + INSERT_BATCH, count + 1); sequence += 1) {
      const event = {
        organizationId,
        sequence,
        occurredAt: new Date(start + sequence * 10).toISOString(),
        type: 'punchout.cart_changed',
        actorUserId: null,
        actorClientId: null,
        actorLabel: 'bench',
        sessionId: null,
        payload: { items: [{ productId: `p-${sequence % 997}`, quantity: (sequence % 5) + 1, price: 12.5 }] },
        prevHash,
      };
      const hash = chainHash(event).toString('hex');
      columns[0].push(sequence);
      columns[1].push(event.occurredAt);
      columns[2].push(JSON.stringify(event.payload));
      columns[3].push(`\\x${prevHash}`);
      columns[4].push(`\\x${hash}`);
      prevHash = hash;
    }
    await pool.query(
      `INSERT INTO audit_event (organization_id, sequence, occurred_at, payload, prev_hash, hash, type, actor_label)
       SELECT $1::uuid, s, o, p, ph, h, 'punchout.cart_changed', 'bench'
       FROM unnest($2::bigint[], $3::timestamptz[], $4::jsonb[], $5::bytea[], $6::bytea[]) AS u(s, o, p, ph, h)`,
      [organizationId, ...columns],
    );
  }
  // The head's guard trigger lets it grow one append at a time only; a bulk-loaded synthetic chain
  // sets it directly, as a restore by the database superuser would (triggers off for this transaction).
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(`INSERT INTO audit_chain_head (organization_id, sequence, hash) VALUES ($1, $2, $3)`, [
      organizationId,
      count,
      Buffer.from(prevHash, 'hex'),
    ]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

module.exports = { generateChain };
