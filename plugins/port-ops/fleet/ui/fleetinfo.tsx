// The fleet screen's parts: the dangerous-goods licence expiry coloured when it has run out or runs out within 30 days.
import type { ScreenParts } from '@core/client';
import { expiryCells } from './carinfo';

export default function useFleetinfoScreen(): ScreenParts {
  return { renderCell: expiryCells(['dgLicenceExpiry']) };
}
