// Goods: the unique code is declared on goodsDef; no other rule.
import { serverResource } from '@core/server';
import { goodsDef } from './goods';

export const goodsResource = serverResource(goodsDef);
