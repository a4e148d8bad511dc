// An enterprise read-only, section by section (the platform's view before approving or
// failing it): identity, address, people, bank accounts and qualification files.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '@core/shared';
import { FileLink, displayValue } from '@core/client';
import { enterpriseDef } from '../enterprise';
import { AuditChip } from './AuditChip';

type Row = Record<string, unknown>;
export interface BankRow {
  bankCountry: string;
  bankName: string;
  accountName: string;
  accountNo: string;
  swift: string | null;
}
export interface FileRow {
  seq?: number;
  name: string;
  fileType: string;
  fileId: number | null;
  file: { id: number; name: string } | null;
}

const K = 'customs:enterprise';

export const SECTIONS: { titleKey: string; fields: string[] }[] = [
  {
    titleKey: `${K}.ui.sectionIdentity`,
    fields: ['name', 'creditCode', 'industry', 'nature', 'registeredCapital', 'employeeCount', 'orgCode', 'customsCode', 'customsArea', 'inspectionCode', 'phone', 'fax', 'website', 'businessScope'],
  },
  { titleKey: `${K}.ui.sectionAddress`, fields: ['countryCode', 'provinceCode', 'cityCode', 'districtCode', 'addressDetail'] },
  { titleKey: `${K}.ui.sectionPeople`, fields: ['legalName', 'legalPhone', 'legalIdType', 'legalIdNo', 'handlerName', 'handlerPhone', 'handlerEmail', 'handlerIdType', 'handlerIdNo'] },
];

export function BankTable({ banks }: { banks: BankRow[] }) {
  const { t } = useTranslation();
  if (!banks.length) return <Typography color="text.secondary">{t(`${K}.ui.noBanks`)}</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {['country', 'bankName', 'accountName', 'accountNo', 'swift'].map((k) => (
            <TableCell key={k}>{t(`${K}.bank.${k}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {banks.map((b, i) => (
          <TableRow key={i}>
            <TableCell>{t(`${K}.bank.countries.${b.bankCountry}`)}</TableCell>
            <TableCell>{b.bankName}</TableCell>
            <TableCell>{b.accountName}</TableCell>
            <TableCell>{b.accountNo}</TableCell>
            <TableCell>{b.swift ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function FileTable({ files }: { files: FileRow[] }) {
  const { t } = useTranslation();
  if (!files.length) return <Typography color="text.secondary">{t(`${K}.ui.noFiles`)}</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {['seq', 'name', 'type', 'file'].map((k) => (
            <TableCell key={k}>{t(`${K}.file.${k}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {files.map((f, i) => (
          <TableRow key={i}>
            <TableCell>{i + 1}</TableCell>
            <TableCell>{f.name}</TableCell>
            <TableCell>{t(`${K}.file.types.${f.fileType}`)}</TableCell>
            <TableCell>{f.file ? <FileLink file={f.file} /> : t(`${K}.ui.noFileYet`)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function EnterpriseDetail({ row, lookups }: { row: Row; lookups: Record<string, LookupOption[]> }) {
  const { t } = useTranslation();
  const field = (name: string) => enterpriseDef.fields.find((f) => f.name === name)!;
  return (
    <Box data-testid="enterprise-detail">
      <Grid container spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Typography variant="caption" color="text.secondary">{t(`${K}.loginAccount`)}</Typography>
          <Typography>{String(row.loginAccount ?? '')}</Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Typography variant="caption" color="text.secondary">{t(`${K}.accountType`)}</Typography>
          <Typography>{displayValue(field('accountType'), row.accountType, t, lookups)}</Typography>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Typography variant="caption" color="text.secondary" component="div">{t(`${K}.auditStatus`)}</Typography>
          <AuditChip status={String(row.auditStatus)} />
        </Grid>
        {!!row.auditOpinion && (
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary">{t(`${K}.auditOpinion`)}</Typography>
            <Typography>{String(row.auditOpinion)}</Typography>
          </Grid>
        )}
      </Grid>
      {SECTIONS.map((s) => (
        <Box key={s.titleKey} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, borderBottom: 1, borderColor: 'divider', mb: 1 }}>
            {t(s.titleKey)}
          </Typography>
          <Grid container spacing={1}>
            {s.fields.map((name) => (
              <Grid key={name} size={{ xs: 12, sm: name === 'businessScope' ? 12 : 4 }}>
                <Typography variant="caption" color="text.secondary">{t(field(name).labelKey)}</Typography>
                <Typography sx={{ wordBreak: 'break-all' }}>{displayValue(field(name), row[name], t, lookups) || '—'}</Typography>
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
      <Typography variant="subtitle1" sx={{ fontWeight: 600, borderBottom: 1, borderColor: 'divider', mb: 1 }}>
        {t(`${K}.ui.sectionBanks`)}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <BankTable banks={(row.banks as BankRow[] | undefined) ?? []} />
      </Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, borderBottom: 1, borderColor: 'divider', mb: 1 }}>
        {t(`${K}.ui.sectionFiles`)}
      </Typography>
      <FileTable files={(row.files as FileRow[] | undefined) ?? []} />
    </Box>
  );
}

export function EnterpriseDetailDialog({ row, lookups, onClose }: { row: Row; lookups: Record<string, LookupOption[]>; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="enterprise-detail-dialog">
      <DialogTitle>{t(`${K}.ui.detailTitle`)}</DialogTitle>
      <DialogContent dividers>
        <EnterpriseDetail row={row} lookups={lookups} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${K}.ui.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
