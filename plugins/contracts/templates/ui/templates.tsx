import type { ScreenParts } from '@core/client';

export default function useParts(): ScreenParts {
  return {};
}
