// 已签文件 (SPEC §2 /contract/alreadyUnilaterally): the documents one's own side has signed,
// waiting for the other parties or completed, each with its signed PDF to download. Read-only:
// the contracts list is where they are made and signed.
import { z } from 'zod';
import { defineResource } from '@core/shared';
import { CONTRACT_PERMS, MENU, contractsTable, optionsOf } from '../common';
import { K } from './contract';

const f = (k: string) => `${K}.field.${k}`;
export const SIGNED_STATES = ['signing', 'normal', 'expired', 'abnormal'] as const;

export const signedDef = defineResource({
  ...contractsTable('signedDocument', 'ctr_contract', `${K}.signedTitle`, MENU.signed, 'contractNo'),
  permissions: { list: CONTRACT_PERMS.list, export: CONTRACT_PERMS.list },
  readOnly: true,
  detail: true,
  fields: [
    { name: 'contractNo', labelKey: f('contractNo'), type: 'string', filter: 'contains', sortable: true, list: { width: 170 } },
    { name: 'title', labelKey: f('contractTitle'), type: 'string', filter: 'contains', list: { width: 200 } },
    { name: 'partyNames', column: null, labelKey: f('parties'), type: 'string', export: true, list: { width: 280 } },
    // Computed per user (restrict adds it): shown, not sorted or filtered on.
    { name: 'mySignedAt', column: 'my_signed_at', labelKey: f('mySignedAt'), type: 'datetime', list: { width: 160 } },
    { name: 'status', labelKey: f('progress'), type: 'enum', options: optionsOf(K, 'progress', SIGNED_STATES), filter: 'eq', list: { width: 120 } },
    { name: 'nextSigner', column: null, labelKey: f('nextSigner'), type: 'string', export: false, list: { width: 160 } },
    { name: 'signedDate', labelKey: f('signedDate'), type: 'date', sortable: true, list: { width: 110 } },
    { name: 'completedAt', labelKey: f('completedAt'), type: 'datetime', sortable: true, list: { width: 160 } },
    { name: 'expiryDate', labelKey: f('expiryDate'), type: 'date', sortable: true, list: { width: 110 } },
    { name: 'fileId', labelKey: f('file'), type: 'integer', export: false, list: false },
    { name: 'nextSeq', labelKey: f('nextSigner'), type: 'integer', export: false, list: false },
  ],
  schema: () => z.object({}),
});
