// The driver screen's parts: the licence expiry coloured when it has run out or runs out within 30 days.
import type { ScreenParts } from '@core/client';
import { expiryCells } from './carinfo';

export default function useDriverinfoScreen(): ScreenParts {
  return { renderCell: expiryCells(['licenceExpiry']) };
}
