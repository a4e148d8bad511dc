// /enterpriseCenter/enterpriseInfo: the signed-in user's own enterprise information, as a
// full-page form (register, edit, submit for review; the failure reason when it failed).
import { useLoaderData } from '@remix-run/react';
import { abilities, getRow, loadLookups, page } from '@core/server';
import { pageLoader } from '@core/client';
import { ENTERPRISE_PERMS } from '../enterprise';
import { enterpriseResource } from '../enterprise.server';
import { EnterpriseForm } from '../ui/EnterpriseForm';

export const loader = page({ menu: 'enterpriseCenter.enterpriseInfo', permission: ENTERPRISE_PERMS.list }, async ({ user, knex, t }) => {
  const own = await knex('cus_enterprise').where({ user_id: user.id }).first('id');
  const row = own ? await getRow(enterpriseResource, user, Number(own.id), t, knex) : null;
  const lookupNames = enterpriseResource.def.fields.map((f) => f.lookup).filter((x): x is string => !!x);
  return {
    row,
    account: { username: user.username, userType: user.userType },
    can: abilities(enterpriseResource, user),
    lookups: await loadLookups(lookupNames, user),
  };
});

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

export default function EnterpriseInfoPage() {
  const data = useLoaderData<typeof loader>();
  const row = data.row as Record<string, unknown> | null;
  // No key on the row's version: the page revalidates after a save, and remounting then would
  // close a dialog opened meanwhile (保存 then 提交审核). The form keeps the row it saved.
  return <EnterpriseForm row={row} account={data.account} can={data.can} lookups={data.lookups} />;
}
