// Can a caller tell a client id that exists from one that does not by how long a refusal takes?
// The OCI call-up and the cXML setup with an unknown client id, and with a real client id and a wrong
// secret (which the claimed organization's audit trail records), one request at a time, interleaved,
// beside a plain baseline (GET /healthz) in the same run; medians and p90 of the client-side times.
// Usage: `npm run bench -- credential-timing [rounds]` (default 300 rounds of each).
'use strict';
/* global fetch, URLSearchParams */
const { join } = require('node:path');
const { startBenchDatabase, startBenchApp, benchToken, report } = require('./support/bench-env');

const dist = (path) => require(join(__dirname, '../dist', path));
const HOOK = 'https://srm.example.com/sap/bc/gui/sap/its/bbpsc02?sap-client=100';

const setup = (clientId, secret) => `<?xml version="1.0" encoding="UTF-8"?>
<cXML payloadID="${Date.now()}.${Math.random()}@bench" timestamp="2026-11-29T10:00:00+01:00" xml:lang="en">
  <Header><From><Credential domain="NetworkID"><Identity>AN01</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>gateway</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>${clientId}</Identity><SharedSecret>${secret}</SharedSecret></Credential>
      <UserAgent>Bench</UserAgent></Sender></Header>
  <Request><PunchOutSetupRequest operation="create"><BuyerCookie>c</BuyerCookie>
    <Extrinsic name="UserEmail">bench@example.com</Extrinsic>
    <BrowserFormPost><URL>${HOOK}</URL></BrowserFormPost></PunchOutSetupRequest></Request>
</cXML>`;

async function timed(request) {
  const started = process.hrtime.bigint();
  const response = await request();
  await response.arrayBuffer();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.status };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main(args) {
  const rounds = args.length > 0 ? Number(args[0]) : 300;
  if (!Number.isInteger(rounds) || rounds < 10) throw new Error(`bad rounds ${args[0]}`);
  const database = await startBenchDatabase();
  const gateway = await startBenchApp(database.url, {
    DATABASE_POOL_MAX: '10',
    // The limits would refuse the repeated failures: what is measured is the refusal itself.
    TOKEN_RATE_LIMIT_FAILURES: '0',
    PUNCHOUT_PAGES_RATE_LIMIT_PER_ADDRESS: '0',
    PUNCHOUT_ENTRY_RATE_LIMIT_PER_CLIENT: '0',
  });
  try {
    const { ClientsService } = dist('oauth/clients.service');
    await benchToken(gateway.prisma);
    await gateway.app.get(ClientsService).setPunchoutSecret('bench-client', { label: 'bench' });
    const oci = (username) => () =>
      fetch(
        `${gateway.baseUrl}/punchout/oci?${new URLSearchParams({
          USERNAME: username,
          PASSWORD: 'pps_wrong-secret',
          EMAIL: 'bench@example.com',
          HOOK_URL: HOOK,
        })}`,
        { redirect: 'manual' },
      );
    const cxml = (clientId) => () =>
      fetch(`${gateway.baseUrl}/punchout/cxml`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: setup(clientId, 'pps_wrong-secret'),
      });
    const cases = [
      ['baseline: GET /healthz', () => fetch(`${gateway.baseUrl}/healthz`)],
      ['OCI call-up, unknown client id', oci('no-such-client')],
      ['OCI call-up, real client id, wrong secret', oci('bench-client')],
      ['cXML setup, unknown client id', cxml('no-such-client')],
      ['cXML setup, real client id, wrong secret', cxml('bench-client')],
    ];
    const times = cases.map(() => []);
    const statuses = cases.map(() => new Set());
    for (let warm = 0; warm < 20; warm++) for (const [, request] of cases) await timed(request);
    for (let round = 0; round < rounds; round++)
      for (const [index, [, request]] of cases.entries()) {
        const { ms, status } = await timed(request);
        times[index].push(ms);
        statuses[index].add(status);
      }
    const events = await gateway.prisma.auditEvent.count({
      where: { type: { in: ['punchout.oci_call', 'punchout.cxml_setup'] } },
    });
    report(
      `Refusal times, ${rounds} interleaved rounds, one request at a time (refusals recorded: ${events})`,
      cases.map(([name], index) => {
        const sorted = [...times[index]].sort((a, b) => a - b);
        return {
          case: name,
          status: [...statuses[index]].join(','),
          'p50 ms': quantile(sorted, 0.5).toFixed(2),
          'p90 ms': quantile(sorted, 0.9).toFixed(2),
          'p99 ms': quantile(sorted, 0.99).toFixed(2),
        };
      }),
    );
  } finally {
    await gateway.close();
    await database.drop();
  }
}

module.exports = { main };
