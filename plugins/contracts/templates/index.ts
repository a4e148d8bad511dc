// 合同模板: standard (AcroForm) and non-standard PDF templates with their versions.
import type { PluginArea } from '@core/shared';
import { screens } from './screens';
import { templateLookups, templateResource } from './contractTemplate.server';
import { templatesDemo } from './demo';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export const templatesArea: PluginArea = {
  key: 'templates',
  locales: { zh, en, my },
  screens,
  resources: [templateResource],
  lookups: templateLookups,
  seeds: [templatesDemo],
};
