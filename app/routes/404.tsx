// /404: reachable with or without a session; links back to the homepage.
import { Link as RemixLink } from '@remix-run/react';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography variant="h1" color="primary" sx={{ fontWeight: 800 }}>
          404
        </Typography>
        <Typography variant="h6" sx={{ my: 2 }} data-testid="not-found-text">
          {t('core:notFound.text')}
        </Typography>
        <Button component={RemixLink} to="/" variant="contained" data-testid="not-found-home">
          {t('core:notFound.home')}
        </Button>
      </Box>
    </Box>
  );
}
