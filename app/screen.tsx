// The one route module of every declared screen (`screens` of a plugin or area, see ScreenDef in
// core/plugin.ts). Remix keys routes by id, so remix.config.js mounts this file once per screen,
// each under its own id and static path (rather than one catch-all below the main layout, which
// would answer unknown paths in place of the 404 route and hide which screens exist from the
// route table); the loader finds the screen by that path in the registry, the page renders its
// resource's declaration from app/screens.ts.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { getRegistry } from '@core/registry.server';
import { resourceKey } from '@core/resource/define';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { DocumentEditor } from '@core/ui/document/DocumentEditor';
import { screenResource } from './screens';

export async function loader({ request }: LoaderFunctionArgs) {
  const entry = getRegistry().screens.get(new URL(request.url).pathname.replace(/(.)\/+$/, '$1'));
  if (!entry) throw new Response('Not Found', { status: 404 });
  return { screen: resourceKey(entry.resource.def), ...(await resourcePageData(entry.resource, request, { variant: entry.screen.variant })) };
}

export default function ScreenPage() {
  const data = useLoaderData<typeof loader>();
  const { resource, document } = screenResource(data.screen);
  // Keyed by screen: two screens are the same component here, and moving between them must start afresh.
  return (
    <ResourcePage
      key={data.screen}
      def={resource}
      data={data}
      renderForm={document && (({ row, onClose, onSaved }) => <DocumentEditor doc={document} row={row} lookups={data.lookups} onClose={onClose} onSaved={onSaved} />)}
    />
  );
}
