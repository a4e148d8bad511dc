// Demo signing enterprises: the companies of the demo accounts (trader, broker, bank, fleet,
// shipper, ship and freight agents, the platform), each with its certificate and a company seal
// and a contract seal, registered by the platform operator through the same services as the screen.
import { createRow, demoActor, demoDataSeed, saveFile } from '@core/server';
import { resourceKey } from '@core/shared';
import { enterpriseResource, sealResource } from './seals.server';
import { sealDef } from './seals';
import { sealImage } from './sealImage.server';

/** Demo account → enterprise kind; the enterprise is the account's company. */
const KINDS: [string, string, string | null][] = [
  ['trader', 'trader', '91533102MA6K2DH01T'],
  ['broker', 'broker', '91533102MA6K3JG02U'],
  ['bank', 'bank', '91533102MA6K4BC03V'],
  ['fleet', 'fleet', '91533102MA6K8R2X14'],
  ['shipper', 'shipper', null],
  ['shipagent', 'shipAgent', null],
  ['freightagent', 'freightAgent', null],
  ['operator', 'platform', null],
];

export const sealsDemo = demoDataSeed('seals-demo', async (knex, { registry }) => {
  const actor = await demoActor(knex, registry, 'operator');
  if (!actor) return;
  const opts = { knex, trusted: true };
  const seen = new Set<string>();
  for (const [username, kind, creditCode] of KINDS) {
    const u = await knex('sys_user').where({ username }).first('company_name');
    const name = u?.company_name ? String(u.company_name) : null;
    if (!name || seen.has(name)) continue;
    seen.add(name);
    const e = await createRow(enterpriseResource, actor, { name, kind, creditCode, legalPerson: null, remark: null }, actor.t, opts);
    for (const [sealKind, label] of [
      ['companySeal', '公章'],
      ['contractSeal', '合同专用章'],
    ] as const) {
      const file = await saveFile(knex, { name: `${name}-${label}.png`, ext: 'png', bytes: sealImage(160), resource: resourceKey(sealDef), recordId: null, createdBy: actor.user.id, createdByName: actor.user.username });
      await createRow(sealResource, actor, { enterpriseId: Number(e.id), name: `${name}${label}`, kind: sealKind, imageFileId: file.id }, actor.t, opts);
    }
  }
});
