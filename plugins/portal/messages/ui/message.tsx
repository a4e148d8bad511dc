// The online-message screen's parts: 分派 on the toolbar (pick a staff user for the selected
// messages), and in the detail drawer the attachments (downloaded through core, which checks
// the reader may see the message).
import { useState } from 'react';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FieldDef, LookupOption } from '@core/shared';
import { ApiError, FileLink, FormDialog, useNotify, type ScreenParts } from '@core/client';
import { K } from '../message';

type Row = Record<string, unknown> & { id: number };
type StoredFile = { id: number; name: string; size: number };

const ASSIGNEE: FieldDef[] = [{ name: 'assigneeId', labelKey: `${K}.field.assignee`, type: 'ref', lookup: 'portal.staff', valueType: 'integer', form: { span: 3 } }];

function AssignAction({ selected, reload, lookups }: { selected: Row[]; reload(): void; lookups: Record<string, LookupOption[]> }) {
  const { t } = useTranslation();
  const { api, toast } = useNotify();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        data-testid="toolbar-assign"
        onClick={() => (selected.length ? setOpen(true) : toast(t(`${K}.msg.selectFirst`), { severity: 'warning' }))}
      >
        {t(`${K}.action.assign`)}
      </Button>
      {open && (
        <FormDialog
          title={`${t(`${K}.ui.assignTitle`)} · ${t(`${K}.ui.assignHint`, { count: selected.length })}`}
          fields={ASSIGNEE}
          lookups={lookups}
          maxWidth="xs"
          testIdPrefix="assign"
          saveTestId="assign-save"
          onClose={() => setOpen(false)}
          onSubmit={async ({ assigneeId }) => {
            if (!assigneeId) return { assigneeId: t(`${K}.msg.pickStaff`) };
            try {
              const res = await api.post('/portal/messageAssign', { ids: selected.map((r) => r.id), assigneeId: Number(assigneeId) });
              toast(res.msg, { severity: 'success' });
              setOpen(false);
              reload();
            } catch (e) {
              if (!(e instanceof ApiError)) throw e;
              const field = (e as ApiError & { fieldErrors?: Record<string, string> }).fieldErrors?.assigneeId;
              if (field) return { assigneeId: field };
            }
          }}
        />
      )}
    </>
  );
}

function Detail({ row }: { row: Row }) {
  const { t } = useTranslation();
  const files = (row.files as StoredFile[] | undefined) ?? [];
  return (
    <Box data-testid="message-detail-extra">
      <Divider sx={{ my: 1.5 }} />
      <Typography variant="subtitle2" gutterBottom>
        {t(`${K}.field.files`)}
      </Typography>
      {files.length ? (
        <Stack spacing={0.5} data-testid="message-files">
          {files.map((f) => (
            <Typography key={f.id} variant="body2" component="div">
              <FileLink file={f} /> <Typography component="span" variant="caption" color="text.secondary">({Math.max(1, Math.round(f.size / 1024))} KB)</Typography>
            </Typography>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t(`${K}.ui.noFiles`)}
        </Typography>
      )}
    </Box>
  );
}

export default function useMessageScreen(data: { lookups: Record<string, LookupOption[]>; canAssign?: boolean }): ScreenParts {
  return {
    actions: (selected, reload) => (data.canAssign ? <AssignAction selected={selected as Row[]} reload={reload} lookups={data.lookups} /> : null),
    renderDetail: (row) => <Detail row={row as Row} />,
  };
}
