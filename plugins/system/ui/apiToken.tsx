// The API token screen's form: core's, posted to the issuing endpoint; a new token is shown once.
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ResourceFormDialog, useNotify, type Lookups, type ScreenParts } from '@core/client';
import { apiTokenDef } from '../resources/apiToken';

function TokenForm({ lookups, onClose, onSaved }: { lookups: Lookups; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { api } = useNotify();
  return (
    <ResourceFormDialog
      def={apiTokenDef}
      row={null}
      lookups={lookups}
      onClose={onClose}
      onSaved={onSaved}
      send={(payload) => api.post('/system/apiToken/issue', payload)}
      done={(saved) => (
        <Alert severity="warning" sx={{ wordBreak: 'break-all' }} data-testid="new-token">
          {t('system:apiToken.showOnce')}
          <br />
          <code>{String(saved.token)}</code>
        </Alert>
      )}
    />
  );
}

export default function useApiTokenScreen(data: { lookups: Lookups }): ScreenParts {
  return { renderForm: ({ onClose, onSaved }) => <TokenForm lookups={data.lookups} onClose={onClose} onSaved={onSaved} /> };
}
