// The write-off screen's parts: a form's certificates as links, and one uploaded onto the
// selected form (type checked by content).
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ApiError, FileLink, FileUpload, useNotify, type ScreenParts } from '@core/client';
import { WRITEOFF_UPLOAD_TYPES } from '../writeoff';

type Row = Record<string, unknown>;
const certificatesOf = (row: Row) => (Array.isArray(row.certificates) ? (row.certificates as { id: number; name: string }[]) : []);

export default function useWriteoffScreen(data: { can: { update: boolean } }): ScreenParts {
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
  return {
    renderCell: {
      certificates: (row) => (
        <Stack direction="row" spacing={1}>
          {certificatesOf(row).map((f) => (
            <FileLink key={f.id} file={f} />
          ))}
        </Stack>
      ),
    },
    actions: (selected, reload) =>
      data.can.update &&
      selected.length === 1 && (
        <FileUpload
          resource="finance.writeoff"
          types={WRITEOFF_UPLOAD_TYPES}
          label={t('finance:bills.writeoff.certificates')}
          testId="writeoff-upload"
          onUploaded={(f) => void attach(selected[0], f.id, reload)}
        />
      ),
  };
}
