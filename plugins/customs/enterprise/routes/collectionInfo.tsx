// /enterpriseCenter/collectionInfo: the collection (receipt) information of the user's own
// enterprise. Only traders and customs brokers with approved enterprise information may use
// it (SPEC §6); 管理员 sees every enterprise's rows read-only (SPEC §1); everyone else sees the
// SPEC §8 message instead of the list.
import { useLoaderData } from '@remix-run/react';
import { Alert, Paper } from '@mui/material';
import { ApiError, page as guarded, resourcePageData } from '@core/server';
import { pageLoader, ResourcePage } from '@core/client';
import { collectionInfoDef, COLLECTION_PERMS } from '../collection';
import { collectionInfoResource } from '../collection.server';
import { requireApprovedBusinessEnterprise } from '../enterprise.server';

export const loader = guarded({ menu: collectionInfoDef.menu, permission: COLLECTION_PERMS.list }, async ({ request, user, knex, t }) => {
  if (user.isAdmin) {
    // 管理员 sees every enterprise's rows, read-only: rows belong to an enterprise's own account.
    const page = await resourcePageData(collectionInfoResource, request);
    return { blocked: null, page: { ...page, can: { ...page.can, create: false, update: false, delete: false, import: false, transitions: [] } } };
  }
  try {
    await requireApprovedBusinessEnterprise(knex, user, t);
  } catch (e) {
    if (e instanceof ApiError) return { blocked: e.message, page: null };
    throw e;
  }
  return { blocked: null, page: await resourcePageData(collectionInfoResource, request) };
});

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

export default function CollectionInfoPage() {
  const { blocked, page } = useLoaderData<typeof loader>();
  if (blocked || !page) {
    return (
      <Paper sx={{ p: 2 }} data-testid="collection-blocked">
        <Alert severity="warning">{blocked}</Alert>
      </Paper>
    );
  }
  return <ResourcePage def={collectionInfoDef} data={page} />;
}
