import { CommandGroup } from '../cli-command';

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
  ],
};
