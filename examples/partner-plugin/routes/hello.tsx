// /partner/hello: the greetings on core's resource page, under the plugin's own title.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { resourcePageData } from '@core/server';
import { pageLoader, ResourcePage } from '@core/client';
import { greetingDef } from '../greeting';
import { greetingResource } from '../resources.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(greetingResource, request);

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader();

export default function Hello() {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2 }} data-testid="partner-hello">
      <Typography variant="h6">{t('partner:title')}</Typography>
      <ResourcePage def={greetingDef} data={useLoaderData<typeof loader>()} />
    </Paper>
  );
}
