// Customs area "manifests" (see ../area.ts).
import type { CustomsArea } from '../area';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export const manifestsArea: CustomsArea = {
  key: 'manifests',
  locales: { zh, en, my },
};
