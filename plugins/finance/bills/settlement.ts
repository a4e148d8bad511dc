// Menu and permission of the trader's unified settlement page.
export const SETTLEMENT_GROUP = 'unifiedSettlement';
export const SETTLEMENT_MENU = 'unifiedSettlement.settlementManage';
export const SETTLEMENT_PERMISSION = 'finance:settlement:view';
