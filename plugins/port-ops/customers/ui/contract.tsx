// The contract screen's parts: the signed contract file as a link in the list, and its upload
// as a section of the contract form.
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { resourceKey } from '@core/shared';
import { FileLink, FileUpload, type ScreenParts } from '@core/client';
import { CONTRACT_FILE_TYPES, contractDef } from '../contract';

type File = { id: number; name: string };

export default function useContractScreen(): ScreenParts {
  const { t } = useTranslation();
  return {
    renderCell: {
      attachmentFileId: (row) => {
        const file = row.attachment as File | null;
        return file ? <FileLink file={file} /> : '';
      },
    },
    sections: {
      attachment: (ctx) => {
        const file = (ctx.values.attachment ?? ctx.row?.attachment ?? null) as File | null;
        return (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
            <Typography variant="body2">{t('portops:customers.contract.field.attachment')}</Typography>
            {!ctx.readOnly && (
              <FileUpload
                resource={resourceKey(contractDef)}
                types={CONTRACT_FILE_TYPES}
                testId="contract-file-upload"
                label={t('portops:customers.contract.upload')}
                onUploaded={(f) => {
                  ctx.set('attachmentFileId', f.id);
                  ctx.set('attachment', { id: f.id, name: f.name });
                }}
              />
            )}
            {file ? <FileLink file={file} /> : <Typography color="text.secondary">{t('portops:customers.contract.noFile')}</Typography>}
          </Stack>
        );
      },
    },
  };
}
