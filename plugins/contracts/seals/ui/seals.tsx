// The 电子签章 screen's parts: an enterprise's detail shows its signing certificate (serial,
// validity, issued by the platform's root CA) and where to download that root certificate, to
// trust it in a PDF reader. The seals tab is the generated list and form (the image field
// uploads and previews; the server's refusal of an opaque png lands under it).
import type { ReactNode } from 'react';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import VerifiedIcon from '@mui/icons-material/VerifiedUser';
import { useTranslation } from 'react-i18next';
import type { ScreenParts } from '@core/client';
import { formatDateTime } from '@core/shared';
import { K } from '../seals';

type Row = Record<string, unknown>;

/** Where the platform's root certificate is downloaded (verification/routes/api.caPem.ts). */
const CA_PEM = '/api/contracts/ca.pem';

function Certificate({ row }: { row: Row }) {
  const { t } = useTranslation();
  const serial = row.certSerial ? String(row.certSerial) : '';
  const notAfter = row.certNotAfter ? String(row.certNotAfter) : '';
  const expired = !!notAfter && Date.parse(notAfter) < Date.now();
  const items: [string, ReactNode, string][] = [
    [t(`${K}.field.certSerial`), <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{serial || '—'}</Box>, 'serial'],
    [
      t(`${K}.field.certNotAfter`),
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{notAfter ? formatDateTime(notAfter) : '—'}</span>
        {notAfter && <Chip size="small" variant="outlined" color={expired ? 'error' : 'success'} label={t(expired ? `${K}.ui.certExpired` : `${K}.ui.certValid`)} />}
      </Stack>,
      'notAfter',
    ],
    [t(`${K}.ui.issuer`), t(`${K}.ui.platformCa`), 'issuer'],
  ];
  return (
    <Box sx={{ mt: 3 }} data-testid="enterprise-certificate">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1 }}>
        <VerifiedIcon color="primary" fontSize="small" />
        <Typography variant="subtitle2">{t(`${K}.ui.certificate`)}</Typography>
      </Stack>
      {serial ? (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, max-content) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
          {items.map(([label, value, key]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`certificate-${key}`}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Alert severity="warning">{t(`${K}.ui.noCertificate`)}</Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
        {t(`${K}.ui.caHint`)}
      </Typography>
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={CA_PEM} download data-testid="download-ca">
        {t(`${K}.ui.downloadCa`)}
      </Button>
    </Box>
  );
}

export default function useSealsScreen(data: { tab?: string }): ScreenParts {
  if (data.tab === 'seals') return {};
  return { renderDetail: (row) => <Certificate row={row} /> };
}
