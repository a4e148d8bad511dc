// The example partner screen: lists its own table through core's guard.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { List, ListItem, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requireUser } from '@core/auth/guard.server';
import { getKnex } from '@core/db/knex.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { menu: 'partner.hello', permission: 'partner:hello:view' });
  const rows: { id: number; text: string }[] = await getKnex()('ptn_greeting').select('id', 'text').orderBy('id');
  return { rows };
}

export default function Hello() {
  const { t } = useTranslation();
  const { rows } = useLoaderData<typeof loader>();
  return (
    <Paper sx={{ p: 2 }} data-testid="partner-hello">
      <Typography variant="h6">{t('partner-hello:title')}</Typography>
      <List>
        {rows.map((r) => (
          <ListItem key={r.id}>{r.text}</ListItem>
        ))}
      </List>
    </Paper>
  );
}
