// The waybill lists' parts: the signed receipt as a link, the loss review and the state as chips.
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FileLink, type ScreenParts } from '@core/client';
import { K } from '../waybill';

type File = { id: number; name: string };

const REVIEW_COLOUR = { pending: 'warning', accepted: 'default', deducted: 'error' } as const;

function Review({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (!value || value === 'none') return null;
  return <Chip size="small" variant="outlined" color={REVIEW_COLOUR[value as keyof typeof REVIEW_COLOUR] ?? 'default'} label={t(`${K}.lossReview.${String(value)}`)} />;
}

export default function useWaybillScreen(): ScreenParts {
  return {
    renderCell: {
      receiptFileId: (row) => {
        const f = row.receiptFile as File | null;
        return f ? <FileLink file={f} /> : '';
      },
      lossReview: (row) => <Review value={row.lossReview} />,
    },
  };
}
