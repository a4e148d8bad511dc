// Contract inquiry's parts (also the bank's): the signing units as chips by state, the PDF to open
// and download, 签署 / 拒签 when it is the user's enterprise's turn, the detail's parties and
// events, and the form's attachment section (an offline contract's signed scan; an online one's
// PDF is made from its template on save).
import { Fragment, useEffect, useState } from 'react';
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, IconButton, Typography, Link } from '@mui/material';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime, resourceKey, type LookupOption } from '@core/shared';
import { FileLink, FileUpload, useNotify, type ScreenParts, type SectionContext } from '@core/client';
import { K, SCAN_TYPES, contractDef } from '../contract';
import { DetailBlock, PartyChips, PdfActions, pdfUrl, type ContractRow, type SigningParty } from './parties';
import { RejectDialog, SignDialog } from './SignDialogs';

type File = { id: number; name: string };
type Event = {
  kind: string;
  at: string | null;
  username: string | null;
  enterpriseName: string | null;
  ip: string | null;
  note: string | null;
};
type Data = { can?: { transitions?: string[] } };

const PARTY_COLOR = {
  signed: 'success',
  rejected: 'error',
  pending: 'default',
} as const;

/**
 * The signing enterprise the user acts for: the enterprises lookup answers only one's own to a
 * party (all of them to the platform, which signs nothing), so exactly one answer is the user's.
 */
function useOwnEnterprise(platform: boolean): number | null {
  const { api } = useNotify();
  const [own, setOwn] = useState<number | null>(null);
  useEffect(() => {
    if (platform) return;
    let live = true;
    api
      .get<LookupOption[]>('/lookup/contracts.enterprises', undefined, {
        silent: true,
      })
      .then((res) => live && setOwn(res.data?.length === 1 ? Number(res.data[0].value) : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, platform]);
  return own;
}

function PartiesTable({ parties }: { parties: SigningParty[] }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`${K}.field.${k}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="detail-parties" sx={{ '& td, & th': { px: 1, fontSize: 13 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48 }}>{t(`${K}.ui.order`)}</TableCell>
            <TableCell>{f('enterprise')}</TableCell>
            <TableCell>{f('status')}</TableCell>
            <TableCell>
              {f('signer')} / {f('signedAt')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {parties.map((p) => (
            <Fragment key={p.seq}>
              <TableRow data-testid={`detail-party-${p.seq}`} sx={p.rejectReason ? { '& td': { borderBottom: 0 } } : undefined}>
                <TableCell>{p.seq}</TableCell>
                <TableCell>{p.name}</TableCell>
                <TableCell>
                  <Chip size="small" color={PARTY_COLOR[p.status] ?? 'default'} variant={p.status === 'pending' ? 'outlined' : 'filled'} label={t(`${K}.partyState.${p.status}`)} />
                </TableCell>
                <TableCell>
                  {p.signerName ?? ''}
                  {p.signedAt && (
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(p.signedAt)}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
              {p.rejectReason && (
                <TableRow data-testid={`detail-party-${p.seq}-reason`}>
                  <TableCell />
                  <TableCell colSpan={3} sx={{ color: 'error.main', wordBreak: 'break-word', pt: 0 }}>
                    {f('rejectReason')}: {p.rejectReason}
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function EventTimeline({ events }: { events: Event[] }) {
  const { t } = useTranslation();
  const who = (e: Event) => [e.username, e.enterpriseName, e.ip && `${t(`${K}.ui.ip`)} ${e.ip}`].filter(Boolean).join(' · ');
  if (!events.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t(`${K}.ui.noEvents`)}
      </Typography>
    );
  return (
    <Stack component="ol" sx={{ m: 0, p: 0, listStyle: 'none', gap: 1.25 }} data-testid="detail-events">
      {[...events].reverse().map((e, i) => (
        <Box
          component="li"
          key={i}
          sx={{
            borderLeft: 2,
            borderColor: e.kind === 'rejected' || e.kind === 'abnormal' ? 'error.main' : e.kind === 'signed' || e.kind === 'completed' ? 'success.main' : 'divider',
            pl: 1.5,
          }}
          data-testid={`event-${e.kind}`}
        >
          <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t(`${K}.event.${e.kind}`, { defaultValue: e.kind })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(e.at)}
            </Typography>
          </Stack>
          {who(e) && (
            <Typography variant="caption" color="text.secondary" component="div">
              {who(e)}
            </Typography>
          )}
          {e.note && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {e.note}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function Detail({ row }: { row: ContractRow }) {
  const { t } = useTranslation();
  const attachment = row.attachment as File | null | undefined;
  return (
    <Box data-testid="contract-detail-extra">
      {!!row.fileId && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Typography variant="subtitle2">{t(`${K}.field.file`)}</Typography>
          <Link href={pdfUrl(row.id)} target="_blank" rel="noopener" data-testid="detail-pdf">
            {t(`${K}.ui.openPdf`)}
          </Link>
          <Link href={pdfUrl(row.id, true)} data-testid="detail-pdf-download">
            {t(`${K}.ui.downloadPdf`)}
          </Link>
          {attachment && row.type === 'offline' && <FileLink file={attachment} />}
        </Stack>
      )}
      <DetailBlock title={t(`${K}.field.parties`)}>
        <PartiesTable parties={row.signing ?? []} />
      </DetailBlock>
      <DetailBlock title={t(`${K}.ui.events`)}>
        <EventTimeline events={(row.events as Event[] | undefined) ?? []} />
      </DetailBlock>
    </Box>
  );
}

function AttachmentSection({ ctx }: { ctx: SectionContext }) {
  const { t } = useTranslation();
  const offline = ctx.values.type === 'offline';
  const saved = ctx.row as ContractRow | null;
  if (!offline) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }} data-testid="contract-online-hint">
        <Typography variant="body2" color="text.secondary">
          {t(`${K}.ui.onlineHint`)}
        </Typography>
        {saved?.fileId ? (
          <Link href={pdfUrl(saved.id)} target="_blank" rel="noopener" data-testid="contract-preview-pdf">
            {t(`${K}.ui.previewPdf`)}
          </Link>
        ) : null}
      </Stack>
    );
  }
  const file = (ctx.values.attachment ?? saved?.attachment ?? null) as File | null;
  const error = ctx.errors.attachmentFileId;
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">{t(`${K}.ui.scan`)}</Typography>
        {!ctx.readOnly && (
          <FileUpload
            resource={resourceKey(contractDef)}
            types={SCAN_TYPES}
            testId="contract-scan-upload"
            label={t(`${K}.ui.uploadScan`)}
            onUploaded={(f) => {
              ctx.set('attachmentFileId', f.id);
              ctx.set('attachment', { id: f.id, name: f.name });
              ctx.clearError('attachmentFileId');
            }}
          />
        )}
        {file ? (
          <FileLink file={file} />
        ) : (
          <Typography color="text.secondary" variant="body2">
            {t(`${K}.ui.noScan`)}
          </Typography>
        )}
      </Stack>
      {error && (
        <Typography variant="caption" color="error" data-testid="contract-scan-error">
          {error}
        </Typography>
      )}
    </Box>
  );
}

export default function useContractScreen(data: Data): ScreenParts {
  const { t } = useTranslation();
  // Only the platform may send or mark contracts abnormal; it signs none of them.
  const platform = !!data?.can?.transitions?.some((x) => x === 'send' || x === 'markAbnormal');
  const own = useOwnEnterprise(platform);
  const [open, setOpen] = useState<{
    kind: 'sign' | 'reject';
    row: ContractRow;
    reload(): void;
  } | null>(null);
  const myTurn = (row: ContractRow) => own !== null && row.status === 'signing' && (row.signing ?? []).some((p) => p.seq === row.nextSeq && p.enterpriseId === own);
  const done = () => {
    open?.reload();
    setOpen(null);
  };

  return {
    renderCell: {
      partyNames: (row) => <PartyChips row={row as ContractRow} />,
    },
    rowActions: (r, reload) => {
      const row = r as ContractRow;
      // On one's turn the sign dialog links the PDF to review (the column has room for two icons more).
      if (myTurn(row))
        return (
          <>
            <Tooltip title={t(`${K}.ui.sign`)}>
              <IconButton
                size="small"
                color="success"
                aria-label={t(`${K}.ui.sign`)}
                data-testid={`contract-sign-${row.id}`}
                onClick={(e) => (e.stopPropagation(), setOpen({ kind: 'sign', row, reload }))}
              >
                <DrawOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t(`${K}.ui.reject`)}>
              <IconButton
                size="small"
                color="error"
                aria-label={t(`${K}.ui.reject`)}
                data-testid={`contract-reject-${row.id}`}
                onClick={(e) => (e.stopPropagation(), setOpen({ kind: 'reject', row, reload }))}
              >
                <BlockOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        );
      return <PdfActions row={row} testId="contract" />;
    },
    renderDetail: (row) => <Detail row={row as ContractRow} />,
    sections: {
      attachment: (ctx) => <AttachmentSection ctx={ctx} />,
    },
    dialogs: open && (open.kind === 'sign' ? <SignDialog row={open.row} onClose={() => setOpen(null)} onDone={done} /> : <RejectDialog row={open.row} onClose={() => setOpen(null)} onDone={done} />),
  };
}
