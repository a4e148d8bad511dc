// /dataBase/systemData/countries: countries (ISO 3166-1).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/resource/page.server';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { countryDef } from '../resources/country';
import { countryResource } from '../resources/country.server';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(countryResource, request);

export default function CountriesPage() {
  return <ResourcePage def={countryDef} data={useLoaderData<typeof loader>()} />;
}
