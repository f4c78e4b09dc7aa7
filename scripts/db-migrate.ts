// npm run db:migrate — applies pending migrations to the configured database and exits.
import { withConfiguredDatabase } from './lib/with-database';

await withConfiguredDatabase(async (database) => {
  console.log(`Migrations applied (${database.kind}).`);
});
