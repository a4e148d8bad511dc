// What a document screen loads: the resource's page data plus the pickers of its lines.
import { requireCurrent } from '../../../core/auth/guard.server';
import type { ServerResource } from '../../../core/resource/define.server';
import { loadLookups, resourcePageData } from '../../../core/resource/page.server';
import { LOOKUPS } from './manifest';

const LINE_LOOKUPS = [LOOKUPS.currencies, LOOKUPS.packageTypes, LOOKUPS.hsCodes];

export async function documentPageData(sr: ServerResource, request: Request) {
  const data = await resourcePageData(sr, request);
  const { user } = await requireCurrent(request, { menu: sr.def.menu, permission: sr.def.permissions.list });
  return { ...data, lookups: { ...data.lookups, ...(await loadLookups(LINE_LOOKUPS, user)) } };
}
