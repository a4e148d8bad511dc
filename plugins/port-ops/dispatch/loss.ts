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

export interface Underload {
  /** Planned minus loaded, in tonnes to 3 decimals (0 when loaded at or above the plan). */
  shortTonnes: string;
  /** Of the planned tonnes, %. */
  shortPercent: string;
  /** Loaded below the planned tonnes by more than the line's tolerance. */
  underloaded: boolean;
}

/**
 * Under-loading (装载不足): a truck loaded far below its waybill's planned tonnes — more than the
 * line's tolerance, in % of the planned tonnes (32 t planned, 10 %: under 28.8 t is flagged).
 */
export function underLoad(plannedTonnes: string, loadedNet: string, tolerancePercent: string): Underload {
  const planned = new Decimal(plannedTonnes);
  const short = Decimal.max(0, planned.minus(loadedNet));
  const allowed = planned.times(tolerancePercent).dividedBy(100);
  return {
    shortTonnes: short.toFixed(3),
    shortPercent: planned.isZero() ? '0.00' : short.dividedBy(planned).times(100).toFixed(2, Decimal.ROUND_HALF_UP),
    underloaded: short.greaterThan(allowed),
  };
}
