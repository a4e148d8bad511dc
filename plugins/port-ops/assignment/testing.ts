// Test helper of the assignment area: a port-ops plugin made of this area alone, so its tests
// do not depend on the other port-ops areas' work.
import { definePlugin } from '../../../core/plugin';
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import my from '../locales/my.json';
import { assignmentArea } from '.';

export const assignmentOnlyPortOps = definePlugin({ id: 'portops', root: 'plugins/port-ops', areas: [assignmentArea], locales: { zh, en, my } });
