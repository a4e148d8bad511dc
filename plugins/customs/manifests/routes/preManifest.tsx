// /customsDeclare/preManifest: pre-allocated manifests (预配舱单).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DocumentScreen } from '../DocumentScreen';
import { documentPageData } from '../page.server';
import { preManifestDef } from '../manifest';
import { preManifestResource } from '../manifest.server';

export const loader = ({ request }: LoaderFunctionArgs) => documentPageData(preManifestResource, request);

export default function PreManifestPage() {
  return <DocumentScreen def={preManifestDef} data={useLoaderData<typeof loader>()} kind="manifest" />;
}
