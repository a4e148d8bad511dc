// What both contract lists share: the signing units as small chips in signing order, coloured by
// how far each has got, and the contract's PDF links (the draft to review, the signed one after).
import type { ReactNode } from 'react';
import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@core/shared';
import { K } from '../contract';

export interface SigningParty {
  seq: number;
  enterpriseId: number;
  name: string;
  status: 'pending' | 'signed' | 'rejected';
  signerName: string | null;
  signedAt: string | null;
  rejectReason: string | null;
}

export type ContractRow = Record<string, unknown> & {
  id: number;
  contractNo?: string;
  title?: string;
  status?: string;
  nextSeq?: number | null;
  fileId?: number | null;
  signing?: SigningParty[];
};

const COLOR = {
  signed: 'success',
  rejected: 'error',
  pending: 'default',
} as const;

export const pdfUrl = (id: number, download = false) => `/api/contracts/contract/${id}/pdf${download ? '?download=1' : ''}`;

/** The party's state, and who signed or refused when (a chip's tooltip). */
export function partyTip(t: (k: string, o?: Record<string, unknown>) => string, p: SigningParty): string {
  const state = t(`${K}.partyState.${p.status}`);
  if (p.status === 'pending') return `${p.seq}. ${p.name} · ${state}`;
  const who = [p.signerName, formatDateTime(p.signedAt)].filter(Boolean).join(' · ');
  const why = p.status === 'rejected' && p.rejectReason ? ` · ${p.rejectReason}` : '';
  return `${p.seq}. ${p.name} · ${state}${who ? ` · ${who}` : ''}${why}`;
}

export function PartyChips({ row }: { row: ContractRow }) {
  const { t } = useTranslation();
  const parties = row.signing ?? [];
  if (!parties.length) return <>{String(row.partyNames ?? '')}</>;
  return (
    <Stack
      direction="row"
      sx={{
        gap: 0.5,
        alignItems: 'center',
        height: '100%',
        overflow: 'hidden',
      }}
      data-testid={`parties-${row.id}`}
    >
      {parties.map((p) => (
        <Tooltip key={p.seq} title={partyTip(t, p)}>
          <Chip
            size="small"
            color={COLOR[p.status] ?? 'default'}
            variant={p.status === 'pending' ? 'outlined' : 'filled'}
            label={p.name}
            data-testid={`party-chip-${row.id}-${p.seq}`}
            data-status={p.status}
            sx={{
              minWidth: 0,
              flexShrink: 1,
              maxWidth: 160,
              height: 22,
              fontSize: 12,
              '& .MuiChip-label': { px: 0.75 },
              fontWeight: row.status === 'signing' && p.seq === row.nextSeq ? 600 : undefined,
            }}
          />
        </Tooltip>
      ))}
    </Stack>
  );
}

/** Open the PDF in a new tab, and download it. */
export function PdfActions({ row, open = true, testId }: { row: ContractRow; open?: boolean; testId: string }) {
  const { t } = useTranslation();
  if (!row.fileId) return null;
  return (
    <>
      {open && (
        <Tooltip title={t(`${K}.ui.openPdf`)}>
          <IconButton
            size="small"
            color="primary"
            component="a"
            href={pdfUrl(row.id)}
            target="_blank"
            rel="noopener"
            aria-label={t(`${K}.ui.openPdf`)}
            data-testid={`${testId}-pdf-${row.id}`}
            onClick={(e) => e.stopPropagation()}
          >
            <PictureAsPdfOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t(`${K}.ui.downloadPdf`)}>
        <IconButton
          size="small"
          color="primary"
          component="a"
          href={pdfUrl(row.id, true)}
          aria-label={t(`${K}.ui.downloadPdf`)}
          data-testid={`${testId}-download-${row.id}`}
          onClick={(e) => e.stopPropagation()}
        >
          <FileDownloadOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** A titled block of the detail drawer. */
export function DetailBlock({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
