// The weighbridge screen's part: the linked waybill as its number, opening it in the waybill list
// (the read-only view the weighbridge's readers — the platform and shippers — both have).
import { Link } from '@remix-run/react';
import type { ScreenParts } from '@core/client';

export default function useWeightRecordsScreen(): ScreenParts {
  return {
    renderCell: {
      waybillId: (row) =>
        row.waybillNo ? (
          <Link to={`/intelligentdispatch/driverwaybill?waybillNo=${encodeURIComponent(String(row.waybillNo))}`} data-testid="weight-waybill-link">
            {String(row.waybillNo)}
          </Link>
        ) : (
          ''
        ),
    },
  };
}
