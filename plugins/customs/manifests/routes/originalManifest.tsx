// /customsDeclare/originalManifest: original manifests (原始舱单).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { documentPageData } from '../page.server';
import { originalManifestDef } from '../manifest';
import { originalManifestResource } from '../manifest.server';

export const loader = ({ request }: LoaderFunctionArgs) => documentPageData(originalManifestResource, request);

export default function OriginalManifestPage() {
  return <DocumentScreen def={originalManifestDef} data={useLoaderData<typeof loader>()} kind="manifest" />;
}
