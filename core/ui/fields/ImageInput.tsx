// The input of an `image` field: a thumbnail of the stored image (or an empty frame), a button
// that uploads a new one for this field (POST /api/core/files?resource=…&field=…: the server
// checks type by content and size) and a remove button. The value is the stored file's id.
import { Box, Button, CircularProgress, FormHelperText, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { imagePolicy, type FieldDef } from '../../resource/define';
import { useCoreFileUpload } from '../FileUpload';
import { useUploadTarget } from './uploadTarget';

/** The URL a stored image is shown from (the signed-in user's read access decides). */
export const imageSrc = (id: unknown) => `/api/core/files/${Number(id)}?inline=1`;

export function ImageInput({ field: f, value, onChange, error, disabled, testId, label, required }: { field: FieldDef; value: unknown; onChange(v: unknown): void; error?: string; disabled?: boolean; testId: string; label: string; required?: boolean }) {
  const { t } = useTranslation();
  const resource = useUploadTarget();
  const { input, busy, upload: post } = useCoreFileUpload<{ id: number }>();
  const policy = imagePolicy(f);
  const id = value === '' || value === null || value === undefined ? null : Number(value);
  const upload = async (file: File) => {
    const res = await post(`resource=${encodeURIComponent(resource ?? '')}&field=${encodeURIComponent(f.name)}`, file);
    if (res?.data) onChange(String(res.data.id));
  };
  return (
    <Box data-testid={`${testId}-box`}>
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
        <Box
          sx={{ width: 120, height: 80, border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'action.hover', flexShrink: 0 }}
        >
          {id ? <img src={imageSrc(id)} alt={label} style={{ width: '100%', height: '100%', objectFit: 'cover' }} data-testid={`${testId}-preview`} /> : <ImageIcon color="disabled" />}
        </Box>
        <input
          ref={input}
          type="file"
          hidden
          accept={policy.types.map((x) => (x === 'jpg' ? '.jpg,.jpeg' : `.${x}`)).join(',')}
          data-testid={`${testId}-input`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button size="small" variant="outlined" startIcon={busy ? <CircularProgress size={14} /> : <ImageIcon />} disabled={disabled || busy || !resource} onClick={() => input.current?.click()} data-testid={testId}>
              {t('core:files.chooseImage')}
            </Button>
            {id && (
              <Tooltip title={t('core:files.removeImage')}>
                <span>
                  <IconButton size="small" aria-label={t('core:files.removeImage')} disabled={disabled || busy} onClick={() => onChange('')} data-testid={`${testId}-remove`}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </Stack>
          <FormHelperText error={!!error} sx={{ m: 0 }}>
            {error || t('core:files.imageHint', { types: policy.types.join(' / ').toUpperCase(), kb: policy.maxKb })}
          </FormHelperText>
        </Stack>
      </Stack>
    </Box>
  );
}
