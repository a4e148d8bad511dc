// Uploads for an `image` field (POST /api/core/files?resource=…&field=…): only the field's types,
// checked by content (a renamed file is refused), and its size in KB; an unknown field is no
// upload at all. Then tied to the record by the engine (claimImages): claimed on save, released
// when replaced, removed or deleted.
import { beforeAll, describe, expect, it } from 'vitest';
import system from '../../plugins/system/index';
import { setUpTestDb } from '../../tests/support/suite';
import { sessionUser } from '../../tests/support/resource';
import { refusalOf } from '../../tests/support/http';
import { ApiError, FieldError } from '../http/envelope.server';
import { tFor } from '../i18n/i18n.server';
import type { SessionUser } from '../rbac/menu';
import { defineResource } from '../resource/define';
import { serverResource } from '../resource/define.server';
import { claimImages, releaseImages } from '../resource/images.server';
import { storeUpload } from './files.server';
import { z } from 'zod';

const db = setUpTestDb({ plugins: [system], dataDir: true });
const t = tFor('zh');

const def = defineResource({
  plugin: 'system',
  name: 'imageTest',
  table: 'sys_image_test',
  titleKey: 'core:files.image',
  menu: 'system',
  permissions: { list: 'x:list', create: 'x:add', update: 'x:edit', delete: 'x:remove' },
  fields: [{ name: 'cover', labelKey: 'core:files.image', type: 'image' }],
  schema: () => z.object({ cover: z.number().nullable() }),
});
const sr = serverResource(def);

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
const JPG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(64).fill(0)]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%test\n');
const file = (bytes: Uint8Array, name: string) => new File([new Uint8Array(bytes)], name);

let admin: SessionUser;
beforeAll(async () => {
  admin = await sessionUser(db.knex, 'admin');
});

const upload = (f: File, field: string | null = 'cover') => storeUpload(sr, admin, f, t, db.knex, field);
const messageOf = async (p: Promise<unknown>) => (await refusalOf(p, FieldError)).message;

describe('an image field takes', () => {
  it('a png and a jpg (also named .jpeg) within its size', async () => {
    expect((await upload(file(PNG, 'cover.png'))).ext).toBe('png');
    expect((await upload(file(JPG, 'cover.jpeg'))).mime).toBe('image/jpeg');
  });

  it('no other type', async () => {
    expect(await messageOf(upload(file(PDF, 'a.pdf')))).toBe(t('core:files.badType', { types: 'jpg, png' }));
  });

  it('no file renamed to an image type (checked by content)', async () => {
    expect(await messageOf(upload(file(PDF, 'fake.png')))).toBe(t('core:files.contentMismatch', { ext: 'png' }));
    expect(await messageOf(upload(file(PNG, 'fake.jpg')))).toBe(t('core:files.contentMismatch', { ext: 'jpg' }));
  });

  it('nothing over 500 KB', async () => {
    const big = new Uint8Array(500 * 1024 + 1);
    big.set(PNG);
    expect(await messageOf(upload(file(big, 'big.png')))).toBe(t('core:files.tooLargeKb', { kb: 500 }));
    const edge = new Uint8Array(500 * 1024);
    edge.set(PNG);
    expect((await upload(file(edge, 'edge.png'))).size).toBe(500 * 1024);
  });

  it('no upload for a field that is not an image field, nor for a resource without uploads', async () => {
    expect((await refusalOf(upload(file(PNG, 'a.png'), 'title'), ApiError)).status).toBe(404);
    expect((await refusalOf(upload(file(PNG, 'a.png'), null), ApiError)).status).toBe(404);
  });
});

describe('the record', () => {
  const recordOf = async (id: number) => (await db.knex('sys_file').where({ id }).first('record_id')).record_id;

  it('claims its image on save, releases the one it replaces, and releases it when deleted', async () => {
    const a = (await upload(file(PNG, 'a.png'))).id;
    const b = (await upload(file(PNG, 'b.png'))).id;
    await db.knex.transaction((trx) => claimImages(trx, sr, 7, { cover: a }, null, admin, t));
    expect(Number(await recordOf(a))).toBe(7);
    await db.knex.transaction((trx) => claimImages(trx, sr, 7, { cover: b }, { id: 7, cover: a }, admin, t));
    expect(await recordOf(a)).toBeNull();
    expect(Number(await recordOf(b))).toBe(7);
    await db.knex.transaction((trx) => releaseImages(trx, sr, [{ id: 7, cover: b }]));
    expect(await recordOf(b)).toBeNull();
  });

  it('refuses an image another record holds', async () => {
    const a = (await upload(file(PNG, 'a.png'))).id;
    await db.knex.transaction((trx) => claimImages(trx, sr, 8, { cover: a }, null, admin, t));
    await refusalOf(
      db.knex.transaction((trx) => claimImages(trx, sr, 9, { cover: a }, null, admin, t)),
      FieldError,
    );
  });
});
