// The remittance application form: the bank-form fields, the postscript with its 140-character
// counter, and the permit certificate upload (required).
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '@core/plugin';
import { resourceKey } from '@core/resource/define';
import { FileLink, FileUpload } from '@core/ui/FileUpload';
import { useRowSubmit } from '@core/ui/resource/useRowSubmit';
import { fxApplicationDef, PERMIT_TYPES, POSTSCRIPT_MAX } from '../fx';
import { FormFields, initialValues, payloadOf, type Values } from './FormFields';

export function FxApplicationForm({ row, lookups, onClose, onSaved }: { row: Values | null; lookups: Record<string, LookupOption[]>; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => initialValues(fxApplicationDef, row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [permit, setPermit] = useState<{ id: number; name: string } | null>((row?.permitFile as { id: number; name: string } | null) ?? null);
  const { submit, saving } = useRowSubmit(fxApplicationDef, row, { onSaved, onClose, onErrors: setErrors });
  const set = (name: string, v: unknown) => {
    setValues((old) => ({ ...old, [name]: v }));
    setErrors((old) => ({ ...old, [name]: '' }));
  };
  const postscript = String(values.postscript ?? '');
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-testid="fx-form">
      <DialogTitle>{t(row ? 'core:resource.editTitle' : 'core:resource.addTitle', { name: t(fxApplicationDef.titleKey) })}</DialogTitle>
      <DialogContent>
        <FormFields def={fxApplicationDef} values={values} errors={errors} lookups={lookups} onChange={set} />
        <Typography variant="caption" color={postscript.length > POSTSCRIPT_MAX ? 'error' : 'text.secondary'} data-testid="postscript-count">
          {t('finance:fx.ui.postscriptCount', { n: postscript.length, max: POSTSCRIPT_MAX })}
        </Typography>
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">{t('finance:fx.field.permitFile')} *</Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
            <FileUpload
              resource={resourceKey(fxApplicationDef)}
              types={PERMIT_TYPES}
              testId="permit-upload"
              label={t('finance:fx.ui.uploadPermit')}
              onUploaded={(f) => {
                setPermit({ id: f.id, name: f.name });
                setErrors((old) => ({ ...old, permitFileId: '' }));
              }}
            />
            {permit ? <FileLink file={permit} /> : <Typography color="text.secondary">{t('finance:fx.ui.noPermit')}</Typography>}
          </Stack>
          <FormHelperText error data-testid="permit-error">
            {errors.permitFileId || ' '}
          </FormHelperText>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('core:common.cancel')}</Button>
        <Button variant="contained" disabled={saving} data-testid="form-save" onClick={() => submit({ ...payloadOf(fxApplicationDef, values), permitFileId: permit?.id ?? null })}>
          {t('core:resource.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
