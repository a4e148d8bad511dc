// A customs area (see core/areas.ts) may also declare documents customs answers with receipts.
import type { PluginArea } from '../../core/areas';
import type { ReceiptTarget } from './receipts/receipts.server';

export interface CustomsArea extends PluginArea {
  /** Documents customs answers with receipts (see receipts/). */
  receiptTargets?: ReceiptTarget[];
}
