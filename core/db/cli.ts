// npm run migrate | npm run seed | tsx core/db/cli.ts rollback — against DATABASE_URL
// (or the embedded SQLite file), over core and every enabled plugin.
import { getKnex } from './knex.server';
import { migrateAll, rollbackAll, seedAll } from './migrate.server';
import { getRegistry } from '../registry.server';

async function main() {
  const cmd = process.argv[2];
  const registry = getRegistry();
  const knex = getKnex();
  try {
    if (cmd === 'migrate') {
      const done = await migrateAll(knex, registry.plugins);
      console.log(done.length ? `migrated: ${done.join(', ')}` : 'already up to date');
    } else if (cmd === 'seed') {
      await seedAll(knex, registry.plugins, registry);
      console.log('seeded');
    } else if (cmd === 'rollback') {
      await rollbackAll(knex, registry.plugins);
      console.log('rolled back every migration');
    } else {
      console.error('usage: tsx core/db/cli.ts migrate|seed|rollback');
      process.exitCode = 2;
    }
  } finally {
    await knex.destroy();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
