// claimUpload: a record takes only uploads that are its user's and free, or already its own
// (MariaDB, or SQLite with TEST_DB=sqlite). Refusals carry the catalogue message, on a field
// when the caller names one; `only` releases the files the record no longer lists.
import { beforeAll, describe, expect, it } from 'vitest';
import system from '../../plugins/system/index';
import { setUpTestDb } from '../../tests/support/suite';
import { sessionUser } from '../../tests/support/resource';
import { ApiError, FieldError } from '../http/envelope.server';
import { tFor } from '../i18n/i18n.server';
import type { SessionUser } from '../rbac/menu';
import { claimUpload, releaseUploads, saveFile, type ClaimUpload } from './files.server';
import { refusalOf } from '../../tests/support/http';

const db = setUpTestDb({ plugins: [system], dataDir: true });
const t = tFor('zh');
const RESOURCE = 'system.claimTest';
const PDF = new TextEncoder().encode('%PDF-1.4\n%test\n');

let admin: SessionUser;
let other: SessionUser;

const upload = async (by: SessionUser, resource = RESOURCE) =>
  (await saveFile(db.knex, { name: 'a.pdf', ext: 'pdf', bytes: PDF, resource, recordId: null, createdBy: by.id, createdByName: by.username })).id;
const claim = (c: Partial<ClaimUpload> & Pick<ClaimUpload, 'recordId' | 'fileIds'>) => db.knex.transaction((trx) => claimUpload(trx, { resource: RESOURCE, user: admin, t, ...c }));
const recordOf = async (id: number) => {
  const r = await db.knex('sys_file').where({ id }).first();
  return r.record_id === null ? null : Number(r.record_id);
};

beforeAll(async () => {
  admin = await sessionUser(db.knex, 'admin');
  // Another uploader: only the id on the file matters.
  other = { ...admin, id: admin.id + 1000, username: 'claim_other' };
});

describe('claimUpload', () => {
  it("attaches the caller's free upload to the record, and again without change when the record is saved again", async () => {
    const f = await upload(admin);
    await claim({ recordId: 1, fileIds: [f] });
    expect(await recordOf(f)).toBe(1);
    await claim({ recordId: 1, fileIds: [f, f] });
    expect(await recordOf(f)).toBe(1);
  });

  it("refuses another user's upload with the catalogue message", async () => {
    const f = await upload(other);
    expect((await refusalOf(claim({ recordId: 2, fileIds: [f] }), ApiError)).message).toBe(t('core:files.notYours'));
    expect(await recordOf(f)).toBeNull();
  });

  it('refuses a file already attached to another record, and one uploaded for another resource', async () => {
    const f = await upload(admin);
    await claim({ recordId: 3, fileIds: f });
    await refusalOf(claim({ recordId: 4, fileIds: f }), ApiError);
    expect(await recordOf(f)).toBe(3);
    const elsewhere = await upload(admin, 'system.otherResource');
    await refusalOf(claim({ recordId: 4, fileIds: elsewhere }), ApiError);
  });

  it('refuses a missing id, on the named field with its own message, and attaches nothing of the batch', async () => {
    const f = await upload(admin);
    const e = await refusalOf(claim({ recordId: 5, fileIds: [f, 99_999_999], field: 'permitFileId', messageKey: 'core:files.required' }), FieldError);
    expect(e.fieldErrors).toEqual({ permitFileId: t('core:files.required') });
    expect(await recordOf(f)).toBeNull();
    await refusalOf(claim({ recordId: 5, fileIds: [0] }), ApiError);
  });

  it('with `only`, releases the files the record no longer lists; releaseUploads frees a deleted record\'s files', async () => {
    const [a, b] = [await upload(admin), await upload(admin)];
    await claim({ recordId: 6, fileIds: [a, b], only: true });
    await claim({ recordId: 6, fileIds: [b], only: true });
    expect([await recordOf(a), await recordOf(b)]).toEqual([null, 6]);
    await claim({ recordId: 6, fileIds: null, only: true });
    expect(await recordOf(b)).toBeNull();
    await claim({ recordId: 7, fileIds: [a] });
    await db.knex.transaction((trx) => releaseUploads(trx, RESOURCE, [7]));
    expect(await recordOf(a)).toBeNull();
  });
});
