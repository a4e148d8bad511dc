// The file of an FX or RMB document (permit certificate, collection instruction) as a custom
// section of the document editor: upload, the current file, and the message the server gives;
// the permit as a link in the lists (the bank's review: this module's default).
import { FormHelperText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { resourceKey, type ResourceDef } from '@core/shared';
import { FileLink, FileUpload, type ScreenParts, type SectionContext } from '@core/client';

type File = { id: number; name: string };

export function FileSection({
  ctx,
  def,
  types,
  idField,
  fileField,
  error,
  clears,
  labelKey,
  uploadKey,
  emptyKey,
  required,
  testId,
}: {
  ctx: SectionContext;
  def: ResourceDef;
  types: readonly string[];
  /** The value sent (the file id) and the row's file ({ id, name }) shown. */
  idField: string;
  fileField: string;
  /** The field whose message is shown under it, and the one whose message an upload clears. */
  error?: string;
  clears: string;
  labelKey: string;
  uploadKey?: string;
  emptyKey?: string;
  required?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const file = (ctx.values[fileField] ?? ctx.row?.[fileField] ?? null) as File | null;
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        <Typography variant="body2">
          {t(labelKey)}
          {required ? ' *' : ''}
        </Typography>
        {!ctx.readOnly && (
          <FileUpload
            resource={resourceKey(def)}
            types={types}
            testId={`${testId}-upload`}
            label={uploadKey ? t(uploadKey) : undefined}
            onUploaded={(f) => {
              ctx.set(idField, f.id);
              ctx.set(fileField, { id: f.id, name: f.name });
              ctx.clearError(clears);
            }}
          />
        )}
        {file ? <FileLink file={file} /> : emptyKey ? <Typography color="text.secondary">{t(emptyKey)}</Typography> : null}
      </Stack>
      {error && (
        <FormHelperText error data-testid={`${testId}-error`}>
          {ctx.errors[error] || ' '}
        </FormHelperText>
      )}
    </>
  );
}

/** The list's cell of the permit certificate: a link to the application's file. */
export const permitCells = {
  permitFileId: (row: Record<string, unknown>) => {
    const f = row.permitFile as File | null;
    return f ? <FileLink file={f} /> : '';
  },
};

export default function useRemittanceReviewScreen(): ScreenParts {
  return { renderCell: permitCells };
}
