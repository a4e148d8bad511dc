// A source's fleet orders (its `orders`, read with the source), under the source in its detail drawer.
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TitledTable } from '@core/client';
import type { FieldDef } from '@core/shared';
import { K, fleetOrderDef } from '../source';

const field = (name: string) => fleetOrderDef.fields.find((f) => f.name === name)!;
const FIELDS: FieldDef[] = [field('orderNo'), { name: 'fleetName', labelKey: `${K}.order.fleet`, type: 'string' }, field('status'), field('tonnes'), field('declineReason')];

export function OrdersOfSource({ orders }: { orders: unknown }) {
  const { t } = useTranslation();
  const rows = Array.isArray(orders) ? (orders as Record<string, unknown>[]) : [];
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {t(`${K}.ui.orders`)}
      </Typography>
      <TitledTable fields={FIELDS} rows={rows} testId="source-orders" empty={t(`${K}.ui.noOrders`)} />
    </>
  );
}
