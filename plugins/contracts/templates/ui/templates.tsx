// The contract template screen's parts: the form's upload of the template PDF (the file is not a
// generated input: the server reads it before it keeps it, and answers a missing form field on
// `fileId`, shown under the upload), the current file as a link in the list, and the detail's
// versions and the current version's form fields.
import { Box, Chip, FormHelperText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FileLink, FileUpload, ResourceFormDialog, TitledTable, type FormSection, type ScreenParts } from '@core/client';
import { resourceKey, type FieldDef, type ResourceDef } from '@core/shared';
import { K, TEMPLATE_FILE_TYPES, templateDef } from '../contractTemplate';

type File = { id: number; name: string };
type Row = Record<string, unknown>;

const f = (k: string) => `${K}.field.${k}`;

// The form sends `fileId` (the declaration keeps it out of the generated inputs): the section draws it.
const formDef: ResourceDef = { ...templateDef, fields: templateDef.fields.map((x) => (x.name === 'fileId' ? { ...x, form: { span: 3 } } : x)) };

const VERSION_FIELDS: FieldDef[] = [
  { name: 'version', labelKey: f('version'), type: 'integer' },
  { name: 'fileName', labelKey: f('file'), type: 'string' },
  { name: 'partyCount', labelKey: f('partyCount'), type: 'integer' },
  { name: 'createdAt', labelKey: `${K}.ui.uploadedAt`, type: 'datetime' },
  { name: 'createdByName', labelKey: `${K}.ui.uploadedBy`, type: 'string' },
];

function FileSection({ values, errors, set, row }: Parameters<FormSection['render']>[0] & { row: Row | null }) {
  const { t } = useTranslation();
  const file = (values.file ?? row?.file ?? null) as File | null;
  const replaced = !!row && !!values.file;
  const error = errors.fileId;
  return (
    <Box sx={{ mt: 2 }} data-testid="template-file">
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {t(f('file'))} *
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <FileUpload
          resource={resourceKey(templateDef)}
          types={TEMPLATE_FILE_TYPES}
          testId="template-file-upload"
          label={t(row ? `${K}.ui.uploadNew` : `${K}.ui.upload`)}
          onUploaded={(up) => {
            set('fileId', String(up.id));
            set('file', { id: up.id, name: up.name });
          }}
        />
        {file ? <FileLink file={file} /> : <Typography color="text.secondary">{t(`${K}.ui.noFile`)}</Typography>}
      </Stack>
      <FormHelperText error={!!error} sx={{ mx: 0, mt: 0.5 }} data-testid="template-file-error">
        {error || t(replaced ? `${K}.ui.newVersionHint` : `${K}.ui.fileHint`)}
      </FormHelperText>
    </Box>
  );
}

function TemplateDetail({ row }: { row: Row }) {
  const { t } = useTranslation();
  const versions = (row.versions ?? []) as Row[];
  const names = String(row.fieldNames ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return (
    <Stack sx={{ mt: 3, gap: 3 }}>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t(f('versions'))}
        </Typography>
        <TitledTable
          fields={VERSION_FIELDS}
          rows={versions}
          testId="template-versions"
          rowTestId={(v) => `template-version-${String(v.version)}`}
          cells={{ fileName: (v) => (v.fileId ? <FileLink file={{ id: Number(v.fileId), name: String(v.fileName ?? t(`${K}.ui.noFile`)) }} /> : '—') }}
          empty={t(`${K}.ui.noVersions`)}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t(`${K}.ui.currentFields`)}
        </Typography>
        {names.length ? (
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }} data-testid="template-fields">
            {names.map((n) => (
              <Chip key={n} size="small" variant="outlined" label={n} sx={{ fontFamily: 'monospace' }} />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="template-fields">
            {t(`${K}.ui.noFields`)}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

export default function useTemplateScreen(data: { lookups: Parameters<typeof ResourceFormDialog>[0]['lookups'] }): ScreenParts {
  return {
    renderCell: {
      fileId: (row) => {
        const file = row.file as File | null;
        return file ? <FileLink file={file} /> : '';
      },
    },
    renderForm: ({ row, onClose, onSaved }) => (
      <ResourceFormDialog
        def={formDef}
        row={row}
        lookups={data.lookups}
        onClose={onClose}
        onSaved={onSaved}
        section={{ fields: ['fileId'], render: (ctx) => <FileSection {...ctx} row={row} /> }}
      />
    ),
    renderDetail: (row) => <TemplateDetail row={row} />,
  };
}
