// /expense/fxSettlement: FX settlement / remittance applications (结汇/汇款申请). Applicants
// fill in the bank form, upload the permit certificate, submit, and correct and resubmit a
// failed application; the platform passes or fails it (with a reason). The server enforces
// the state machine, the permissions and who sees which application.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { FileLink } from '@core/ui/FileUpload';
import { fxApplicationDef } from '../fx';
import { fxApplicationResource } from '../fx.server';
import { FxApplicationForm } from '../ui/FxApplicationForm';
import { moneyCells } from '../ui/money';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(fxApplicationResource, request);

const cells = {
  ...moneyCells('amount'),
  permitFileId: (row: Record<string, unknown>) => {
    const f = row.permitFile as { id: number; name: string } | null;
    return f ? <FileLink file={f} /> : '';
  },
};

export default function FxSettlementPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ResourcePage
      def={fxApplicationDef}
      data={data}
      renderCell={cells}
      renderForm={({ row, onClose, onSaved }) => <FxApplicationForm row={row} lookups={data.lookups} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
