// 验签 (SPEC §2 /contract/signingCeremony): upload any PDF, or open it from a contract
// (?contractId=) or a certificate page's QR code (?hash=), and read its signatures (signer,
// chain, time, trusted by the platform CA, changed after signing or not) and the platform's
// record of the file. The platform root certificate is offered to trust it in a PDF reader.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useLoaderData } from '@remix-run/react';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { page } from '@core/server';
import { formatDateTime } from '@core/shared';
import { ApiError, pageLoader, useNotify } from '@core/client';
import { MENU, VERIFY_PERM } from '../../common';
import type { VerificationAnswer } from '../verify.server';

const K = 'contracts:verification';
const C = 'contracts:contracts';
const API = '/contracts/verify';

type Answer = VerificationAnswer & { fileName: string };
type Signature = Answer['signatures'][number];
type SignatureStatus = 'valid' | 'modified' | 'invalid' | 'untrusted';

export const loader = page({ menu: MENU.verify, permission: VERIFY_PERM }, async ({ request }) => {
  const search = new URL(request.url).searchParams;
  return { contractId: search.get('contractId'), hash: search.get('hash') };
});

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

/** One signature's verdict: a broken signature first, then a change after it, then trust. */
function statusOf(s: Signature): SignatureStatus {
  if (!s.signatureValid) return 'invalid';
  if (!s.digestValid || s.pagesChangedAfter || (s.modifiedAfter && !s.addedPagesSealed) || !s.coversWholeDocumentUpToIt) return 'modified';
  if (!s.valid) return 'invalid';
  return s.trusted ? 'valid' : 'untrusted';
}

const CHIP_COLOR: Record<SignatureStatus, 'success' | 'error' | 'warning'> = { valid: 'success', modified: 'error', invalid: 'error', untrusted: 'warning' };

function Summary({ signatures }: { signatures: Signature[] }) {
  const { t } = useTranslation();
  const statuses = signatures.map(statusOf);
  const count = statuses.length;
  let severity: 'success' | 'error' | 'warning' | 'none' = 'none';
  let text = t(`${K}.summary.none`);
  if (statuses.includes('modified')) [severity, text] = ['error', t(`${K}.summary.modified`)];
  else if (statuses.includes('invalid')) [severity, text] = ['error', t(`${K}.summary.invalid`, { count, invalid: statuses.filter((s) => s === 'invalid').length })];
  else if (statuses.includes('untrusted')) [severity, text] = ['warning', t(`${K}.summary.untrusted`, { count })];
  else if (count) [severity, text] = ['success', t(`${K}.summary.allValid`, { count })];
  return severity === 'none' ? (
    <Alert severity="info" variant="outlined" sx={{ color: 'text.secondary', borderColor: 'grey.400', '& .MuiAlert-icon': { color: 'grey.500' } }} data-testid="verify-summary" data-status="none">
      {text}
    </Alert>
  ) : (
    <Alert severity={severity} variant="filled" data-testid="verify-summary" data-status={severity}>
      {text}
    </Alert>
  );
}

function Signatures({ signatures }: { signatures: Signature[] }) {
  const { t } = useTranslation();
  if (!signatures.length) return null;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="verify-signatures">
        <TableHead>
          <TableRow>
            <TableCell>{t(`${K}.col.index`)}</TableCell>
            <TableCell>{t(`${K}.col.signer`)}</TableCell>
            <TableCell>{t(`${K}.col.chain`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`${K}.col.signingTime`)}</TableCell>
            <TableCell>{t(`${K}.col.trusted`)}</TableCell>
            <TableCell>{t(`${K}.col.status`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {signatures.map((s) => {
            const status = statusOf(s);
            const chain = s.chain.length ? s.chain : [s.signer, s.issuer].filter((x): x is string => !!x);
            return (
              <TableRow key={s.index} data-testid={`verify-signature-${s.index}`} data-status={status}>
                <TableCell>{s.index}</TableCell>
                <TableCell sx={{ fontWeight: 500, minWidth: 100 }}>{s.signer ?? '—'}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  {chain.length ? chain.join(' → ') : '—'}
                  {s.addedPagesSealed && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid={`verify-signature-${s.index}-sealed`}>
                      {t(`${K}.sealedNote`)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{s.signingTime ? formatDateTime(s.signingTime) : '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(s.trusted ? `${K}.yes` : `${K}.no`)}</TableCell>
                <TableCell sx={{ minWidth: 130, maxWidth: 200 }}>
                  <Chip size="small" color={CHIP_COLOR[status]} sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} label={t(`${K}.status.${status}`)} data-testid={`verify-signature-${s.index}-status`} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

function stageText(t: (key: string, vars?: Record<string, unknown>) => string, stage: string): string {
  const signed = /^signed-(\d+)$/.exec(stage);
  if (signed) return t(`${K}.stage.signed`, { n: Number(signed[1]) });
  return ['generated', 'final', 'offline'].includes(stage) ? t(`${K}.stage.${stage}`) : stage;
}

function PlatformRecord({ record }: { record: Answer['record'] }) {
  const { t } = useTranslation();
  if (!record) return <Alert severity="info" variant="outlined" data-testid="verify-record" data-known="false">{t(`${K}.record.unknown`)}</Alert>;
  const c = record.contract;
  return (
    <Alert severity="info" data-testid="verify-record" data-known="true">
      {c ? (
        <>
          <Typography variant="body2">
            {t(`${K}.record.contract`, { no: c.contractNo, title: c.title, status: t(`${C}.state.${c.status}`, { defaultValue: c.status }) })}
          </Typography>
          {c.expiryDate && <Typography variant="body2">{t(`${K}.record.expiry`, { date: c.expiryDate })}</Typography>}
          <Typography variant="body2">{t(`${K}.record.parties`, { parties: c.parties.map((p) => t(`${K}.record.party`, { name: p.name, status: t(`${C}.partyState.${p.status}`, { defaultValue: p.status }) })).join(t(`${K}.record.separator`)) })}</Typography>
        </>
      ) : (
        <Typography variant="body2">{t(`${K}.record.known`)}</Typography>
      )}
      <Typography variant="body2">{t(`${K}.record.stage`, { stage: stageText(t, record.stage) })}</Typography>
    </Alert>
  );
}

function Result({ answer }: { answer: Answer }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" data-testid="verify-result">
      <CardContent>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t(`${K}.fileName`)}
            </Typography>
            <Typography variant="body2" data-testid="verify-file-name" sx={{ wordBreak: 'break-all' }}>
              {answer.fileName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`${K}.hash`)}
            </Typography>
            <Typography variant="body2" data-testid="verify-hash" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {answer.documentHash}
            </Typography>
          </Box>
          <Summary signatures={answer.signatures} />
          <Signatures signatures={answer.signatures} />
          <PlatformRecord record={answer.record} />
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function VerificationPage() {
  const { t } = useTranslation();
  const { contractId, hash } = useLoaderData<typeof loader>();
  const { api } = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);

  /** One verification call: busy meanwhile, the answer shown, a refusal as an error alert. */
  const run = async (call: () => Promise<{ data?: Answer }>) => {
    setBusy(true);
    setError(null);
    setAnswer(null);
    try {
      const res = await call();
      setAnswer(res.data ?? null);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!contractId && !hash) return;
    void run(() => api.get<Answer>(API, contractId ? { contractId } : { hash }, { silent: true }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contractId, hash]);

  const submit = () => {
    if (!file) {
      setError(t(`${K}.msg.noFile`));
      return;
    }
    const form = new FormData();
    form.append('file', file);
    void run(() => api.post<Answer>(API, form, { silent: true }));
  };
  const choose = (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    setError(null);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    choose(e.dataTransfer.files?.[0]);
  };

  return (
    <Box data-testid="verify-page" sx={{ maxWidth: 1200 }}>
      <Typography variant="h6">{t(`${K}.title`)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(`${K}.intro`)}
      </Typography>
      <Card variant="outlined" sx={{ mb: 2, borderStyle: 'dashed' }} onDragOver={(e) => e.preventDefault()} onDrop={drop}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <input
              ref={input}
              type="file"
              hidden
              accept="application/pdf,.pdf"
              data-testid="verify-file"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy} data-testid="verify-choose" sx={{ flexShrink: 0 }}>
              {t(`${K}.choose`)}
            </Button>
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }} data-testid="verify-chosen">
              {file ? file.name : t(`${K}.dropHint`)}
            </Typography>
            <Button variant="contained" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FactCheckIcon />} onClick={submit} disabled={busy} data-testid="verify-submit" sx={{ flexShrink: 0 }}>
              {t(`${K}.submit`)}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)} data-testid="verify-error">
          {error}
        </Alert>
      )}
      {answer && <Result answer={answer} />}
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Link href="/api/contracts/ca.pem" download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} data-testid="verify-ca">
          <DownloadIcon fontSize="small" />
          {t(`${K}.ca.download`)}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {t(`${K}.ca.hint`)}
        </Typography>
      </Stack>
    </Box>
  );
}
