// Demo online messages and portal origins. Six messages in zh, en and my, two in each state
// (the replied and closed ones with the operator's reply), one posted with a PDF, written
// through the same services as the portal (postMessage) and the screen (transitionRows); and
// the demo portal page's origins (http://127.0.0.1:5174 and http://localhost:5174).
import { demoActor, demoDataSeed, transitionRows } from '@core/server';
import { messageResource, postMessage, assignMessages } from './message.server';
import type { MessageInput } from './message';

/** A one-page PDF (the smallest valid file the content check accepts). */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

const MESSAGES: { input: MessageInput; ip: string; file?: string; reply?: string; close?: boolean }[] = [
  {
    input: { type: 'complaint', name: '李华', email: 'lihua@example.com', contact: '13800138000', content: '姐告口岸货车排队时间过长，昨天等了四个小时才进入查验区，希望增加查验通道。' },
    ip: '203.0.113.10',
    file: 'queue-photo-notes.pdf',
  },
  {
    input: { type: 'suggestion', name: 'Aung Kyaw', email: 'aung.kyaw@example.com', contact: '+95 9 420 000 111', content: 'Please publish the weekly throughput figures in English as well, so that our partners in Mandalay can read them.' },
    ip: '203.0.113.11',
  },
  {
    input: { type: 'suggestion', name: 'မောင်မောင်', email: 'maungmaung@example.com', contact: null, content: 'ဆိပ်ကမ်းသတင်းများကို မြန်မာဘာသာဖြင့် ပိုမိုထုတ်ပြန်ပေးပါရန် အကြံပြုအပ်ပါသည်။' },
    ip: '203.0.113.12',
    reply: 'အကြံပြုချက်အတွက် ကျေးဇူးတင်ပါသည်။ နောက်လမှစ၍ သတင်းများကို မြန်မာဘာသာဖြင့်လည်း ထုတ်ပြန်ပါမည်။',
  },
  {
    input: { type: 'complaint', name: '王芳', email: 'wangfang@example.com', contact: '0692-4141234', content: '结算系统上个月的账单金额与合同单价不一致，请核实。' },
    ip: '203.0.113.13',
    reply: '您好，经核实该账单按调价后的单价计算，调价通知已于上月发出。如有疑问请致电 0692-4140000。',
  },
  {
    input: { type: 'complaint', name: 'John Smith', email: 'john.smith@example.com', contact: null, content: 'The portal news page was unavailable for about an hour on Monday morning.' },
    ip: '203.0.113.14',
    reply: 'Thank you for reporting it. The page was down during planned maintenance; we will announce such work in advance.',
    close: true,
  },
  {
    input: { type: 'suggestion', name: '张伟', email: 'zhangwei@example.com', contact: '13900139000', content: '建议在门户首页增加人民币对缅币汇率的每日走势图。' },
    ip: '203.0.113.15',
    reply: '感谢建议，汇率走势图已在"展示信息"中上线。',
    close: true,
  },
];

export const messagesDemo = demoDataSeed('messages-demo', async (trx, { registry }) => {
  const operator = await demoActor(trx, registry, 'operator');
  if (!operator) return;
  const day = Date.now() - 6 * 24 * 3600_000;
  for (const [i, m] of MESSAGES.entries()) {
    const files = m.file ? [{ name: m.file, bytes: new Uint8Array(DEMO_PDF) }] : [];
    const { id } = await postMessage(trx, m.input, files, m.ip, new Date(day + i * 24 * 3600_000));
    if (i !== 1) await assignMessages(trx, operator, [id], operator.user.id, operator.t);
    if (m.reply) await transitionRows(messageResource, operator, [id], 'reply', operator.t, { knex: trx, note: m.reply, trusted: true });
    if (m.close) await transitionRows(messageResource, operator, [id], 'close', operator.t, { knex: trx, trusted: true });
  }
});

export const originsDemo = demoDataSeed('origins-demo', async (trx) => {
  const now = new Date();
  for (const [origin, remark] of [
    ['http://127.0.0.1:5174', '演示门户页面 / demo portal page'],
    ['http://localhost:5174', '演示门户页面 / demo portal page'],
  ])
    await trx('ptl_origin').insert({ origin, remark, enabled: true, created_at: now, updated_at: now, version: 1 }).onConflict('origin').ignore();
});
