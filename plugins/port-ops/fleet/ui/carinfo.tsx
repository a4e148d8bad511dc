// The vehicle screen's parts: the form's insurance and inspection certificates (uploads, each
// replaceable), and the expiry dates in the list coloured when a paper has run out or runs out
// within 30 days.
import { Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FileLink, FileUpload, type ScreenParts, type SectionContext } from '@core/client';
import { resourceKey } from '@core/shared';
import { ATTACHMENT_TYPES, K, vehicleDef } from '../fleet';

type File = { id: number; name: string };

function Attachment({ ctx, idField, fileField, labelKey, testId }: { ctx: SectionContext; idField: string; fileField: string; labelKey: string; testId: string }) {
  const { t } = useTranslation();
  const file = (ctx.values[fileField] ?? ctx.row?.[fileField] ?? null) as File | null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }} data-testid={testId}>
      <Typography variant="body2" sx={{ minWidth: 140 }}>
        {t(labelKey)}
      </Typography>
      {!ctx.readOnly && (
        <FileUpload
          resource={resourceKey(vehicleDef)}
          types={ATTACHMENT_TYPES}
          testId={`${testId}-upload`}
          label={t(`${K}.ui.upload`)}
          onUploaded={(f) => {
            ctx.set(idField, f.id);
            ctx.set(fileField, { id: f.id, name: f.name });
          }}
        />
      )}
      {file ? <FileLink file={file} /> : <Typography color="text.secondary">{t(`${K}.ui.noFile`)}</Typography>}
    </Stack>
  );
}

/** An expiry date in the list: red once past, amber within 30 days. */
function Expiry({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (!value) return null;
  const day = String(value).slice(0, 10);
  const left = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000);
  if (left > 30) return <>{day}</>;
  return <Chip size="small" color={left < 0 ? 'error' : 'warning'} variant="outlined" label={`${day} ${t(left < 0 ? `${K}.ui.expired` : `${K}.ui.expiresSoon`)}`} />;
}

export const expiryCells = (fields: string[]) => Object.fromEntries(fields.map((name) => [name, (row: Record<string, unknown>) => <Expiry value={row[name]} />]));

export default function useCarinfoScreen(): ScreenParts {
  return {
    renderCell: expiryCells(['insuranceExpiry', 'inspectionExpiry']),
    sections: {
      attachments: (ctx) => (
        <>
          <Attachment ctx={ctx} idField="insuranceFileId" fileField="insuranceFile" labelKey={`${K}.field.insuranceFile`} testId="vehicle-insurance" />
          <Attachment ctx={ctx} idField="inspectionFileId" fileField="inspectionFile" labelKey={`${K}.field.inspectionFile`} testId="vehicle-inspection" />
        </>
      ),
    },
  };
}
