import type { PluginArea } from '@core/shared';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export const newsArea: PluginArea = {
  key: 'news',
  locales: { zh, en, my },
};
