// /expense/writeoff (核销管理): verification forms; a bill is verified when its valid forms
// cover it. Certificates are uploaded onto a selected form (type checked by content).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { resourcePageData } from '@core/server';
import { ApiError, FileLink, FileUpload, ResourcePage, useNotify } from '@core/client';
import { writeoffDef, WRITEOFF_UPLOAD_TYPES } from '../writeoff';
import { writeoffResource } from '../writeoffs.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(writeoffResource, request);

type Row = Record<string, unknown>;
const certificatesOf = (row: Row) => (Array.isArray(row.certificates) ? (row.certificates as { id: number; name: string }[]) : []);

export default function WriteoffPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const attach = async (row: Row, fileId: number, reload: () => void) => {
    const { id, version, ...values } = row;
    try {
      const res = await api.put(`/finance/writeoff/${id}`, { ...values, fileIds: [...certificatesOf(row).map((f) => f.id), fileId], version });
      toast(res.msg, { severity: 'success' });
      reload();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  return (
    <ResourcePage
      def={writeoffDef}
      data={data}
      renderCell={{
        certificates: (row) => (
          <Stack direction="row" spacing={1}>
            {certificatesOf(row).map((f) => (
              <FileLink key={f.id} file={f} />
            ))}
          </Stack>
        ),
      }}
      actions={(selected, reload) =>
        data.can.update &&
        selected.length === 1 && (
          <FileUpload
            resource="finance.writeoff"
            types={WRITEOFF_UPLOAD_TYPES}
            label={t('finance:bills.writeoff.certificates')}
            testId="writeoff-upload"
            onUploaded={(f) => void attach(selected[0], f.id, reload)}
          />
        )
      }
    />
  );
}
