// The documents tab of the declaration editor: the attached files, each with its type and number.
import { Box, IconButton, MenuItem, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { FileLink, FileUpload } from '@core/client';
import { formatDateTime } from '@core/shared';
import { ATTACHMENT_TYPES, DOC_TYPES } from '../declaration';
import { k, type Doc } from './editorValues';

export function DocumentsTab({ docs, onDocs, error, editable }: { docs: Doc[]; onDocs(fn: (docs: Doc[]) => Doc[]): void; error?: string; editable: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2 }}>
      {error && <Typography color="error">{error}</Typography>}
      {editable && (
        <Box sx={{ mb: 1 }}>
          <FileUpload
            resource="customs.declaration"
            types={ATTACHMENT_TYPES}
            label={t(k('action.addDoc'))}
            testId="doc-upload"
            onUploaded={(f) => onDocs((ds) => [...ds, { fileId: f.id, docType: '', docNo: '', file: f }])}
          />
        </Box>
      )}
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t(k('doc.file'))}</TableCell>
            <TableCell>{t(k('doc.docType'))}</TableCell>
            <TableCell>{t(k('doc.docNo'))}</TableCell>
            <TableCell>{t('core:files.uploader')}</TableCell>
            <TableCell>{t('core:files.uploadTime')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {docs.map((d, i) => (
            <TableRow key={d.fileId} data-testid="doc-row">
              <TableCell>{d.file ? <FileLink file={d.file} /> : d.fileId}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>
                <TextField
                  select
                  size="small"
                  fullWidth
                  required
                  disabled={!editable}
                  value={d.docType}
                  onChange={(e) => onDocs((ds) => ds.map((x, j) => (j === i ? { ...x, docType: e.target.value } : x)))}
                  slotProps={{ htmlInput: { 'data-testid': `doc-type-${i}` } }}
                >
                  {DOC_TYPES.map((dt) => (
                    <MenuItem key={dt} value={dt}>
                      {t(k(`doc.types.${dt}`))}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell>
                <TextField size="small" disabled={!editable} value={d.docNo} onChange={(e) => onDocs((ds) => ds.map((x, j) => (j === i ? { ...x, docNo: e.target.value } : x)))} />
              </TableCell>
              <TableCell>{d.file?.createdByName ?? ''}</TableCell>
              <TableCell>{formatDateTime(d.file?.createdAt)}</TableCell>
              <TableCell>
                {editable && (
                  <IconButton size="small" onClick={() => onDocs((ds) => ds.filter((_, j) => j !== i))} aria-label={t('core:files.remove')}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
