import type { PluginArea } from '@core/shared';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export const displayArea: PluginArea = {
  key: 'display',
  locales: { zh, en, my },
};
