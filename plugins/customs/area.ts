// A customs area (see PluginArea in core/plugin.ts) may also declare documents customs answers
// with receipts: the plugin hands them to the receipts area and the rest to the registry.
import type { PluginArea } from '@core/shared';
import type { ReceiptTarget } from './receipts/receipts.server';

export interface CustomsArea extends PluginArea {
  /** Documents customs answers with receipts (see receipts/). */
  receiptTargets?: ReceiptTarget[];
}

/** The area as the registry takes it (which refuses keys it does not know). */
export function plainArea({ receiptTargets, ...area }: CustomsArea): PluginArea {
  void receiptTargets;
  return area;
}
