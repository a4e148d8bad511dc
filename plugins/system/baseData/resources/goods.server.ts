// Goods codes are unique.
import { serverResource } from '../../../../core/resource/define.server';
import { goodsDef } from './goods';
import { requireUnique } from './references.server';

export const goodsResource = serverResource(goodsDef, {
  async validate(input, ctx) {
    await requireUnique(goodsDef, input, ctx, ['code']);
  },
});
