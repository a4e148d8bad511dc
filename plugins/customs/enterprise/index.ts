// Customs area "enterprise" (see ../area.ts).
import type { CustomsArea } from '../area';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export const enterpriseArea: CustomsArea = {
  key: 'enterprise',
  locales: { zh, en, my },
};
