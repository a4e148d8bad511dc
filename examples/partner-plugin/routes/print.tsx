// /partner/print: a print view in the bare layout (main area only).
import { useLoaderData } from '@remix-run/react';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { page } from '@core/server';
import { pageLoader } from '@core/client';
import { greetingDef } from '../greeting';

export const loader = page({ menu: greetingDef.menu, permission: greetingDef.permissions.list }, async ({ knex }) => ({
  count: Number((await knex('partner_greeting').count({ n: '*' }).first())?.n ?? 0),
}));

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

export default function Print() {
  const { t } = useTranslation();
  const { count } = useLoaderData<typeof loader>();
  return <Typography data-testid="partner-print">{t('partner:print', { count })}</Typography>;
}
