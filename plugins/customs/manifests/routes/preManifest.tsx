// /customsDeclare/preManifest: pre-allocated manifests (预配舱单).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { resourcePageData } from '@core/server';
import { MANIFEST_DOCUMENTS } from '../manifest';
import { preManifestResource } from '../manifest.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(preManifestResource, request);

export default function PreManifestPage() {
  return <DocumentScreen doc={MANIFEST_DOCUMENTS.preManifest} data={useLoaderData<typeof loader>()} />;
}
