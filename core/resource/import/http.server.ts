// The import's HTTP side: upload (checked, stored outside the web root, a sys_import row and a
// core.resourceImport job), the template download, progress, and the error report as XLSX.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TFunction } from 'i18next';
import { requireUser } from '../../auth/guard.server';
import { clientIp } from '../../auth/session.server';
import { dataDir, getKnex } from '../../db/knex.server';
import { ApiError, CODE, handleApi, ok } from '../../http/envelope.server';
import { getLang, getT } from '../../i18n/i18n.server';
import type { SessionUser } from '../../rbac/access.server';
import { enqueueJob, QueueUnavailableError } from '../../jobs/scheduler.server';
import { resourceKey } from '../define';
import type { Row, ServerResource } from '../define.server';
import { findResource } from '../api.server';
import { sniffFormat } from './read.server';
import { reportOf, summaryOf } from './record.server';
import { buildTemplate, sheetName } from './template.server';
import { IMPORT_JOB, IMPORT_MAX_BYTES, type ImportMode, type ImportState } from './types';

type Params = Record<string, string | undefined>;

async function importContext(request: Request, params: Params) {
  const t = await getT(request);
  const sr = findResource(params.plugin, params.resource);
  if (!sr) throw new ApiError(t('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
  const code = sr.def.permissions.import;
  const user = await requireUser(request, code ? { permission: code } : {});
  // A resource without an import permission offers no import, not even to administrators.
  if (!code) throw new ApiError(t('core:http.forbidden'), CODE.FORBIDDEN, 403);
  return { t, sr, user };
}

function importsDir(): string {
  return path.join(dataDir(), 'imports');
}

interface Upload {
  name: string;
  ext: string;
  buf: Uint8Array;
  mode: ImportMode;
}

/** The multipart form's file and mode, refused when too large, empty, or not what its name says. */
async function readUploadForm(request: Request, t: TFunction): Promise<Upload> {
  const maxMb = IMPORT_MAX_BYTES / 1024 / 1024;
  const length = Number(request.headers.get('content-length'));
  if (Number.isFinite(length) && length > IMPORT_MAX_BYTES + 64 * 1024) throw new ApiError(t('core:import.tooLarge', { max: maxMb }), CODE.ERROR, 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError(t('core:import.noFile'));
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw new ApiError(t('core:import.noFile'));
  const rawMode = form.get('mode');
  if (rawMode !== null && rawMode !== 'all' && rawMode !== 'valid') throw new ApiError(t('core:import.badMode'));
  const mode: ImportMode = rawMode === 'valid' ? 'valid' : 'all';
  if (file.size > IMPORT_MAX_BYTES) throw new ApiError(t('core:import.tooLarge', { max: maxMb }), CODE.ERROR, 413);
  if (file.size === 0) throw new ApiError(t('core:import.emptyFile'));
  const ext = path.extname(file.name || '').toLowerCase();
  if (ext !== '.xlsx' && ext !== '.csv') throw new ApiError(t('core:import.badType'));
  const buf = new Uint8Array(await file.arrayBuffer());
  const format = sniffFormat(buf);
  if (ext === '.xlsx' && format !== 'xlsx') throw new ApiError(t('core:import.notXlsx'));
  if (ext === '.csv' && format !== 'csv') throw new ApiError(t('core:import.notUtf8'));
  return { name: file.name, ext, buf, mode };
}

/** The upload stored under a random name, and its sys_import row (queued). */
async function recordUpload(request: Request, sr: ServerResource, user: SessionUser, up: Upload) {
  const dir = importsDir();
  await fs.promises.mkdir(dir, { recursive: true });
  const stored = path.join(dir, `${crypto.randomBytes(16).toString('hex')}${up.ext}`);
  await fs.promises.writeFile(stored, up.buf, { mode: 0o600 });
  const lang = await getLang(request);
  const ip = clientIp(request);
  try {
    const [id] = await getKnex()('sys_import').insert({
      resource: resourceKey(sr.def),
      file_name: (up.name || `import${up.ext}`).slice(0, 255),
      file_path: stored,
      mode: up.mode,
      status: 'queued',
      total: 0,
      processed: 0,
      inserted: 0,
      failed: 0,
      created_by: user.id,
      created_at: new Date(),
      lang,
      ip: ip ? String(ip).slice(0, 64) : null,
    });
    return { importId: Number(id), stored, lang, ip };
  } catch (e) {
    await fs.promises.rm(stored, { force: true });
    throw e;
  }
}

/** POST /api/<plugin>/<resource>/import (multipart `file`, `mode` = all|valid) → { importId }. */
export function startImport(request: Request, params: Params) {
  return handleApi(async () => {
    if (request.method.toUpperCase() !== 'POST') throw new ApiError('Method not allowed', CODE.ERROR, 405);
    const { t, sr, user } = await importContext(request, params);
    const up = await readUploadForm(request, t);
    const { importId, stored, lang, ip } = await recordUpload(request, sr, user, up);
    try {
      await enqueueJob(IMPORT_JOB, { importId, lang, ip });
    } catch (e) {
      // Redis away: said once by core/redis/outage.server.ts, not with a stack per upload.
      if (e instanceof QueueUnavailableError) console.error(`[import] ${importId} refused: the job queue cannot be reached`);
      else console.error(`[import] ${importId} could not be queued`, e);
      await getKnex()('sys_import')
        .where({ id: importId })
        .update({ status: 'failed', message: t('core:import.notQueued').slice(0, 500), finished_at: new Date() });
      await fs.promises.rm(stored, { force: true });
      throw new ApiError(t('core:import.notQueued'));
    }
    return ok({ importId }, t('core:import.started'));
  });
}

function xlsxResponse(buf: Uint8Array, asciiName: string, name: string): Response {
  return new Response(new Blob([buf as Uint8Array<ArrayBuffer>]), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'no-store',
    },
  });
}

/** GET /api/<plugin>/<resource>/import-template. */
export function importTemplate(request: Request, params: Params) {
  return handleApi(async () => {
    const { t, sr, user } = await importContext(request, params);
    const buf = await buildTemplate(sr, t, user);
    return xlsxResponse(buf, `${sr.def.name}-template.xlsx`, `${t(sr.def.titleKey)}-${t('core:import.template')}.xlsx`);
  });
}

async function visibleImport(request: Request, params: Params) {
  const t = await getT(request);
  const user = await requireUser(request);
  const id = Number(params.id);
  const row = Number.isInteger(id) && id > 0 ? await getKnex()('sys_import').where({ id }).first() : undefined;
  if (!row || (Number(row.created_by) !== user.id && !user.isAdmin)) throw new ApiError(t('core:import.notFound'), CODE.NOT_FOUND, 404);
  return { t, row: row as Row };
}

/** GET /api/core/imports/<id>: progress and outcome, for the uploader or an administrator. */
export function importState(request: Request, params: Params) {
  return handleApi(async () => {
    const { row } = await visibleImport(request, params);
    const done = row.status === 'done' || row.status === 'failed';
    return ok({
      ...summaryOf(row),
      resource: String(row.resource),
      mode: row.mode === 'valid' ? 'valid' : 'all',
      processed: Number(row.processed),
      errorCount: done ? (await reportOf(row)).length : 0,
    } satisfies ImportState);
  });
}

/** GET /api/core/imports/<id>/errors: the per-row error report as XLSX. */
export function importErrors(request: Request, params: Params) {
  return handleApi(async () => {
    const { t, row } = await visibleImport(request, params);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(sheetName(t('core:import.errorsSheet')));
    ws.columns = [{ width: 10 }, { width: 24 }, { width: 80 }];
    ws.addRow([t('core:import.errRow'), t('core:import.errField'), t('core:import.errMessage')]).font = { bold: true };
    for (const e of await reportOf(row)) {
      for (const [field, message] of Object.entries(e.errors ?? {})) ws.addRow([e.row, field, message]);
    }
    const buf = new Uint8Array(await wb.xlsx.writeBuffer());
    return xlsxResponse(buf, `import-${row.id}-errors.xlsx`, `${t('core:import.errorsSheet')}-${row.id}.xlsx`);
  });
}
