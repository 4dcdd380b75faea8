import { CommandGroup, EMAIL_OPTION, option, ORG_OPTION } from '../cli-command';

const handlers = () => import('./audit.handlers');

/** Verifying, signing and exporting the audit trail: the audit feature's operator commands. */
export const AUDIT_COMMANDS: CommandGroup = {
  title: 'Audit trail',
  commands: [
    {
      name: 'audit verify',
      summary: "checks an organization's chain (and signed checkpoints)",
      usage: '--org <slug> [--checkpoint <file>]...',
      options: {
        org: ORG_OPTION,
        checkpoint: option.list('<file>', 'checkpoints: a JSON file, JSON Lines, or gateway log lines'),
      },
      details: [
        'Exit 1 names the first broken event. A checkpoint beyond the head is broken too: events were removed, or the database was restored from a backup older than it.',
      ],
      handler: async () => (await handlers()).auditVerify,
    },
    {
      name: 'audit head',
      summary: 'prints a fresh signed checkpoint and the public key',
      usage: '--org <slug>',
      options: { org: ORG_OPTION },
      details: ['Keep the checkpoint somewhere the database administrator cannot change it.'],
      handler: async () => (await handlers()).auditHead,
    },
    {
      name: 'audit export',
      summary: 'streams the events as JSON Lines or CSV',
      usage: '--org <slug> --format jsonl|csv [--from <time>] [--to <time>] [--out <file>]',
      options: {
        org: ORG_OPTION,
        format: option.string('jsonl|csv', 'JSON Lines (verifiable offline) or CSV (for spreadsheets)'),
        from: option.string('<time>', 'the first event at or after this ISO 8601 time'),
        to: option.string('<time>', 'the last event before this ISO 8601 time'),
        out: option.string('<file>', 'a new file to write (default: stdout)'),
      },
      details: [
        'Verify a JSON Lines export offline, anywhere the gateway is installed: gateway audit verify-file',
      ],
      handler: async () => (await handlers()).auditExport,
    },
    {
      name: 'audit verify-file',
      summary: 'verifies an exported chain offline (no database, no gateway)',
      usage: '<export.jsonl> [--public-key <pem>] [--checkpoint <file>]...',
      options: {
        'public-key': option.string(
          '<pem>',
          'the signing public key: a PEM file, or the JSON of GET /api/v1/audit/public-key',
        ),
        checkpoint: option.list(
          '<file>',
          'signed checkpoints (needs --public-key): JSON, JSON Lines or log lines',
        ),
      },
      details: [
        'Exit 0 intact, 1 broken (names the line and sequence), 3 incomplete: the events verify, but the export ends before a signed checkpoint (export again).',
      ],
      handler: async () => (await import('./audit-verify-file.handler')).auditVerifyFile,
    },
    {
      name: 'audit keygen',
      summary: 'writes a new Ed25519 checkpoint signing key',
      usage: '[--out <file>]',
      options: {
        out: option.string(
          '<file>',
          'where (default AUDIT_SIGNING_KEY_FILE, else DATA_DIR/audit-signing-key.pem)',
        ),
      },
      details: ['The file gets mode 0600 and is never overwritten; the public key is printed.'],
      handler: async () => (await handlers()).auditKeygen,
    },
    {
      name: 'audit console-link',
      summary: 'prints a one-time compliance console sign-in link for an auditor',
      usage: '--org <slug> --email <email>',
      options: { org: ORG_OPTION, email: EMAIL_OPTION },
      details: ['The link expires after 10 minutes and works once.'],
      handler: async () => (await handlers()).auditConsoleLink,
    },
  ],
};
