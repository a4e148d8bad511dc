// Test helpers of the display area: a portal plugin made of this area alone (so its tests do not
// depend on the other portal areas' work).
import { definePlugin } from '../../../core/plugin';
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import my from '../locales/my.json';
import { displayArea } from '.';

export const displayOnlyPortal = definePlugin({ id: 'portal', root: 'plugins/portal', areas: [displayArea], locales: { zh, en, my } });
