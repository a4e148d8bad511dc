// The loss of a trip (运损): loaded net minus unloaded net, allowed up to the line's tolerance in
// per mille of the loaded net; the excess is deducted at the waybill's price per tonne. Exact
// decimals (decimal.js), never floating point. Pure, so the rule is tested on its own.
import Decimal from 'decimal.js';

export interface LossInput {
  loadedNet: string;
  unloadedNet: string;
  /** ‰ of the loaded net. */
  tolerancePermille: string;
  price: string;
  /** tonne: the price is per tonne; trip or container: spread over the loaded tonnes. */
  priceUnit: string;
}

export interface Loss {
  lossTonnes: string;
  lossPermille: string;
  excessLoss: string;
  deductionAmount: string;
  overTolerance: boolean;
}

/** Net weight of a weighing: gross minus tare, in tonnes to 3 decimals. */
export const netOf = (gross: string, tare: string) => new Decimal(gross).minus(tare).toFixed(3);

export function computeLoss(i: LossInput): Loss {
  const loaded = new Decimal(i.loadedNet);
  const loss = loaded.minus(i.unloadedNet);
  const allowed = loaded.times(i.tolerancePermille).dividedBy(1000);
  const excess = Decimal.max(0, loss.minus(allowed));
  const perTonne = i.priceUnit === 'tonne' || loaded.isZero() ? new Decimal(i.price) : new Decimal(i.price).dividedBy(loaded);
  return {
    lossTonnes: loss.toFixed(3),
    lossPermille: loaded.isZero() ? '0.00' : loss.dividedBy(loaded).times(1000).toFixed(2, Decimal.ROUND_HALF_UP),
    excessLoss: excess.toFixed(3, Decimal.ROUND_HALF_UP),
    deductionAmount: excess.times(perTonne).toFixed(2, Decimal.ROUND_HALF_UP),
    overTolerance: loss.greaterThan(allowed),
  };
}
