// Fee items on the server: a new item starts enabled.
import { serverResource } from '@core/server';
import { feeDef } from './fee';

export const feeResource = serverResource(feeDef, {
  toDb: (_input, { op }, defaults) => (op === 'create' ? { ...defaults, status: 'enabled' } : defaults),
});
