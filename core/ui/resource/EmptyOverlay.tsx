// What an empty list says: what to do first, or that the filters found nothing (with 重置).
import { Button, Stack, Typography } from '@mui/material';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';

export interface EmptyOverlayProps {
  hint: string;
  onReset?: () => void;
  resetLabel: string;
}

export function EmptyOverlay({ hint, onReset, resetLabel }: EmptyOverlayProps) {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', gap: 1, p: 2, color: 'text.secondary' }} data-testid="empty-hint">
      <InboxOutlinedIcon color="disabled" />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {hint}
      </Typography>
      {onReset && (
        <Button size="small" onClick={onReset} data-testid="empty-reset">
          {resetLabel}
        </Button>
      )}
    </Stack>
  );
}
