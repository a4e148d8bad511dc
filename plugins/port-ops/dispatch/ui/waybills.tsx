// The waybill lists' parts: the signed receipt as a link, the loss review and the state as chips,
// an under-loaded trip flagged with what it loaded of its plan, the fleet order by its number.
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FileLink, type ScreenParts } from '@core/client';
import { K } from '../waybill';

type File = { id: number; name: string };
type Row = Record<string, unknown>;

const REVIEW_COLOUR = { pending: 'warning', accepted: 'default', deducted: 'error' } as const;

function Review({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (!value || value === 'none') return null;
  return <Chip size="small" variant="outlined" color={REVIEW_COLOUR[value as keyof typeof REVIEW_COLOUR] ?? 'default'} label={t(`${K}.lossReview.${String(value)}`)} />;
}

/** 装载不足: loaded more than the line's tolerance below the planned tonnes (flagged by the server at loading). */
function Underloaded({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (!row.underloaded) return null;
  const planned = Number(row.plannedTonnes);
  const percent = planned > 0 ? Math.round((Number(row.underloadTonnes ?? 0) / planned) * 10000) / 100 : 0;
  const text = t(`${K}.underload.flag`, { loaded: Number(row.loadedNet), planned, percent, tolerance: Number(row.underloadTolerance) });
  return <Chip size="small" color="warning" label={t(`${K}.field.underloaded`)} title={text} aria-label={text} data-testid="waybill-underloaded" />;
}

export default function useWaybillScreen(): ScreenParts {
  return {
    renderCell: {
      receiptFileId: (row) => {
        const f = row.receiptFile as File | null;
        return f ? <FileLink file={f} /> : '';
      },
      lossReview: (row) => <Review value={row.lossReview} />,
      underloaded: (row) => <Underloaded row={row} />,
      // The picker offers only accepted orders: a completed one is still named by its number.
      fleetOrderId: (row) => String(row.fleetOrderNo ?? ''),
    },
  };
}
