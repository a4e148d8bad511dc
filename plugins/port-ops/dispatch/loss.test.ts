// The loss rule on its own: within tolerance nothing is deducted; over it, the excess at the
// price per tonne (a trip's price spread over the loaded tonnes), exact to the fen.
import { describe, expect, it } from 'vitest';
import { computeLoss, netOf, underLoad } from './loss';

describe('computeLoss', () => {
  it('deducts nothing within the tolerance', () => {
    expect(computeLoss({ loadedNet: '30', unloadedNet: '29.96', tolerancePermille: '2', price: '88', priceUnit: 'tonne' })).toEqual({ lossTonnes: '0.040', lossPermille: '1.33', excessLoss: '0.000', deductionAmount: '0.00', overTolerance: false });
  });

  it('deducts the excess at the price per tonne', () => {
    expect(computeLoss({ loadedNet: '16', unloadedNet: '15.9', tolerancePermille: '2', price: '88', priceUnit: 'tonne' })).toMatchObject({ excessLoss: '0.068', deductionAmount: '5.98', overTolerance: true });
  });

  it("spreads a trip's price over the loaded tonnes", () => {
    // 600 a trip over 20 t is 30 a tonne; 0.1 t lost, 0.02 t allowed (1‰): 0.08 t × 30.
    expect(computeLoss({ loadedNet: '20', unloadedNet: '19.9', tolerancePermille: '1', price: '600', priceUnit: 'trip' }).deductionAmount).toBe('2.40');
  });

  it('counts a gain as no loss', () => {
    expect(computeLoss({ loadedNet: '20', unloadedNet: '20.05', tolerancePermille: '1', price: '88', priceUnit: 'tonne' })).toMatchObject({ lossTonnes: '-0.050', deductionAmount: '0.00', overTolerance: false });
  });

  it('weighs net as gross minus tare', () => {
    expect(netOf('45.2', '15.200')).toBe('30.000');
  });
});

describe('underLoad', () => {
  it('flags 15.1 t loaded of 32 t planned (52.81 % short) against a 10 % tolerance', () => {
    expect(underLoad('32', '15.1', '10')).toEqual({ shortTonnes: '16.900', shortPercent: '52.81', underloaded: true });
  });

  it('lets a load within the tolerance pass, the bound itself included: 28.8 of 32 t at 10 %', () => {
    expect(underLoad('32', '28.8', '10').underloaded).toBe(false);
    expect(underLoad('32', '28.799', '10').underloaded).toBe(true);
  });

  it('counts a load above the plan as no shortfall', () => {
    expect(underLoad('30', '30.02', '10')).toEqual({ shortTonnes: '0.000', shortPercent: '0.00', underloaded: false });
  });
});
