// The publishing screen's part: a source's fleet orders in its detail drawer.
import type { ScreenParts } from '@core/client';
import { OrdersOfSource } from './OrdersOfSource';

export default function usePublishSourceScreen(): ScreenParts {
  return {
    renderDetail: (row) => <OrdersOfSource orders={row.orders} />,
  };
}
