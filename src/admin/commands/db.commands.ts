import { CommandGroup, option } from '../cli-command';

const handlers = () => import('./db.handlers');

/** Migrations, backups and restores: the database's operator commands. */
export const DB_COMMANDS: CommandGroup = {
  title: 'Database',
  commands: [
    {
      name: 'db migrate',
      summary: 'applies pending migrations (the gateway also does at start)',
      usage: '',
      options: {},
      handler: async () => (await handlers()).dbMigrate,
    },
    {
      name: 'db status',
      summary: 'lists the migrations and their state',
      usage: '',
      options: {},
      handler: async () => (await handlers()).dbStatus,
    },
    {
      name: 'db backup',
      summary: 'writes a backup of the database (pg_dump custom format)',
      usage: '--out <file>',
      options: { out: option.string('<file>', 'a new file to write (mode 0600); never overwritten') },
      details: [
        "Needs pg_dump of the server's PostgreSQL version or newer (postgresql-client-<version>); the file appears only when complete. Runs while the gateway serves.",
      ],
      handler: async () => (await handlers()).dbBackup,
    },
    {
      name: 'db restore',
      summary: 'restores a backup into an empty database',
      usage: '<file>',
      options: {},
      details: [
        'The database (DATABASE_URL, or the embedded one) must be empty; the restore is one transaction: all or nothing. Start the gateway afterwards: it applies newer migrations.',
      ],
      handler: async () => (await handlers()).dbRestore,
    },
  ],
};
