// Prisma CLI configuration. Only developers use the CLI (to author migrations and generate the
// client); the gateway applies migrations itself and never needs the CLI at run time.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost/unset' },
});
