// Test helpers of the news area: the portal plugin with this area alone (its tests do not
// depend on the other areas' work), valid payloads and a small real PNG.
import fs from 'node:fs';
import path from 'node:path';
import { definePlugin } from '../../../core/plugin';
import portal from '..';
import { newsArea } from '.';

export const newsPortal = definePlugin({ ...portal, areas: [newsArea] });

let n = 0;
export const newsPayload = (over: Record<string, unknown> = {}) => ({
  title: `瑞丽口岸测试新闻${++n}`,
  type: 'portNews',
  lang: 'zh',
  source: '瑞丽口岸物流调度中心',
  summary: '测试新闻的摘要',
  content: '<p>测试新闻的正文</p>',
  coverFileId: null,
  originalId: null,
  publishAt: null,
  ...over,
});

export const demoPng = () => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, 'demo', 'kyaukphyu.png')));
