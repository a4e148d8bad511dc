// npm run migrate | npm run seed | tsx scripts/db.ts rollback — against DATABASE_URL
// (or the embedded SQLite file), over core and every enabled plugin.
import { getKnex } from '../core/db/knex.server';
import { migrateAll, rollbackAll, seedAll } from '../core/db/migrate.server';
import { installAppRegistry } from '../app/registry.server';

async function main() {
  const cmd = process.argv[2];
  const registry = installAppRegistry();
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
      console.error('usage: tsx scripts/db.ts migrate|seed|rollback');
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
