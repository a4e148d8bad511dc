// /dataBase/systemData/ShippingAddress: shipping and loading addresses, with cascading
// province → city → county pickers in the form.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resourcePageData } from '@core/server';
import { ResourcePage } from '@core/client';
import { shippingAddressDef } from '../resources/shippingAddress';
import { shippingAddressResource } from '../resources/shippingAddress.server';
import { ShippingAddressForm } from '../ui/ShippingAddressForm';

export const loader = ({ request }: LoaderFunctionArgs) => resourcePageData(shippingAddressResource, request);

export default function ShippingAddressesPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <ResourcePage
      def={shippingAddressDef}
      data={data}
      renderForm={({ row, onClose, onSaved }) => <ShippingAddressForm row={row} lookups={data.lookups} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
