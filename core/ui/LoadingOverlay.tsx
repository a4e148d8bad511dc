// Full-screen loading overlay while a navigation, a form submission, a fetcher or an API
// call is pending. A short delay keeps quick requests from flashing it.
import { useEffect, useState } from 'react';
import { Backdrop, CircularProgress } from '@mui/material';
import { useFetchers, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useNotify } from './notify';
import { useOpenedOnce } from './useOpenedOnce';

export function LoadingOverlay({ delayMs = 250 }: { delayMs?: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const { pending } = useNotify();
  // Background loads (badge polling, a badge's dialog) go through the API client without the overlay (useApiData).
  const busy = navigation.state !== 'idle' || pending > 0 || fetchers.some((f) => f.state !== 'idle');
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShow(false);
      return;
    }
    const t = window.setTimeout(() => setShow(true), delayMs);
    return () => window.clearTimeout(t);
  }, [busy, delayMs]);
  // Not rendered before it first shows (never on the server's page).
  const mounted = useOpenedOnce(show);
  if (!mounted) return null;
  return (
    <Backdrop open={show} sx={{ zIndex: (t) => t.zIndex.modal + 10, color: '#fff' }} data-testid="loading-overlay">
      <CircularProgress color="inherit" aria-label={t('core:common.loading')} />
    </Backdrop>
  );
}
