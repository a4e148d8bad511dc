// 合同模板 (/contract/contractTemplate; the declaration platform's Contract Management › templates).
import type { ScreenDef } from '@core/shared';
import { GROUP } from '../common';
import { templateDef } from './contractTemplate';

export const screens: ScreenDef[] = [{ path: 'contract/contractTemplate', resource: templateDef, menu: { parent: GROUP, order: 20, icon: 'Description' }, ui: () => import('./ui/templates') }];
