// /customsDeclare/originalManifest: original manifests (原始舱单).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { resourcePageData } from '@core/server';
import { MANIFEST_DOCUMENTS } from '../manifest';
import { originalManifestResource } from '../manifest.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(originalManifestResource, request);

export default function OriginalManifestPage() {
  return <DocumentScreen doc={MANIFEST_DOCUMENTS.originalManifest} data={useLoaderData<typeof loader>()} />;
}
