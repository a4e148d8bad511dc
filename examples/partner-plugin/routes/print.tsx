// A print view in the bare layout (main area only).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requireUser } from '@core/auth/guard.server';
import { getKnex } from '@core/db/knex.server';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { menu: 'partner.hello', permission: 'partner:hello:view' });
  const row = await getKnex()('ptn_greeting').count({ n: '*' }).first();
  return { count: Number(row?.n ?? 0) };
}

export default function Print() {
  const { t } = useTranslation();
  const { count } = useLoaderData<typeof loader>();
  return (
    <Typography data-testid="partner-print">
      {t('partner-hello:print', { count })}
    </Typography>
  );
}
