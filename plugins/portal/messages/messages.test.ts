// Online messages: posting from the portal (the one schema, files by count, size and content,
// the honeypot, the per-address rate limit under a flood), the sender's reply look-up, the
// staff's assign / reply / close with a refused transition, and the permissions.
import { describe, expect, it } from 'vitest';
import { setUpTestDb } from '../../../tests/support/suite';
import { resourceApi } from '../../../tests/support/resource';
import { answerOf, BASE, req, type Envelope } from '../../../tests/support/http';
import { PDF } from '../../../tests/support/files';
import system from '../../system';
import portal from '..';
import * as post from './routes/api.public.messages';
import * as lookup from './routes/api.public.messages.lookup';
import * as assign from './routes/api.messageAssign';
import * as fileRoute from '../../../app/routes/api.core.files.$id';
import { messageNo } from './message.server';
import { closeLimiter } from './limiter.server';
import { respond } from '../../../tests/support/http';

const db = setUpTestDb({ plugins: [system, portal], registry: true, dataDir: true, logins: ['operator', 'trader', 'admin'] });
const staff = (who = 'operator') => resourceApi('portal', 'message', { cookie: db.cookies[who] });

let ipSeq = 0;
/** A fresh client address per test, so each starts with the whole rate limit. */
const freshIp = () => `198.51.100.${++ipSeq}`;

const valid = { type: 'complaint', name: '李华', email: 'LiHua@Example.com', contact: '13800138000', content: '查验排队时间过长' };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

function postForm(fields: Record<string, string | undefined>, files: { name: string; bytes: Uint8Array }[] = [], ip = freshIp(), lang = 'zh') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  for (const f of files) form.append('files', new File([f.bytes as Uint8Array<ArrayBuffer>], f.name));
  return answerOf(post.action, new Request(`${BASE}/api/portal/public/messages?lang=${lang}`, { method: 'POST', headers: { 'x-port-client-ip': ip }, body: form }));
}
const fieldErrors = (b: Envelope) => (b.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {};
const count = async () => Number((await db.knex('ptl_message').count({ n: '*' }).first())!.n);

describe('posting a message', () => {
  it('stores it as new with a number LY + day + the day’s sequence, the sender’s address and its files', async () => {
    const ip = freshIp();
    const { status, body } = await postForm(valid, [{ name: 'a.pdf', bytes: PDF }, { name: 'b.png', bytes: PNG }], ip);
    expect(status, body.msg).toBe(200);
    const no = (body.data as { messageNo: string }).messageNo;
    expect(no).toMatch(/^LY\d{8}\d{4}$/);
    const row = await db.knex('ptl_message').where({ message_no: no }).first();
    expect(row).toMatchObject({ status: 'new', email: 'lihua@example.com', client_ip: ip, type: 'complaint' });
    const files = await db.knex('sys_file').where({ resource: 'portal.message', record_id: row.id });
    expect(files.map((f: { name: string }) => f.name).sort()).toEqual(['a.pdf', 'b.png']);
    const again = await postForm(valid);
    expect(Number((again.body.data as { messageNo: string }).messageNo.slice(-4))).toBe(Number(no.slice(-4)) + 1);
  });

  it('numbers concurrent posts each differently', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => postForm(valid)));
    const numbers = answers.map((a) => (a.body.data as { messageNo: string }).messageNo);
    expect(new Set(numbers).size).toBe(5);
    expect(messageNo('20261128', 7)).toBe('LY202611280007');
  });

  it.each([
    ['type', { type: 'praise' }, '留言类型'],
    ['name', { name: '' }, '姓名不能为空'],
    ['name', { name: 'x'.repeat(51) }, '姓名'],
    ['email', { email: 'not-an-email' }, '邮箱'],
    ['contact', { contact: '1'.repeat(51) }, '联系方式'],
    ['content', { content: '   ' }, '留言内容不能为空'],
    ['content', { content: '字'.repeat(1001) }, '留言内容'],
  ])('refuses a bad %s (%j) with a translated message and stores nothing', async (field, over, msg) => {
    const before = await count();
    const { status, body } = await postForm({ ...valid, ...over });
    expect(status).toBe(400);
    expect(fieldErrors(body)[field]).toContain(msg);
    expect(await count()).toBe(before);
  });

  it('takes the longest values allowed and no contact', async () => {
    const { status, body } = await postForm({ ...valid, name: 'x'.repeat(50), content: '字'.repeat(1000), contact: undefined, type: 'suggestion' });
    expect(status, body.msg).toBe(200);
  });

  it('refuses a 4th file, a file over 20 MB and a renamed exe, storing nothing', async () => {
    const before = await count();
    const four = await postForm(valid, [1, 2, 3, 4].map((i) => ({ name: `f${i}.pdf`, bytes: PDF })));
    expect(fieldErrors(four.body).files).toBe('附件最多 3 个');
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set(PDF);
    const large = await postForm(valid, [{ name: 'big.pdf', bytes: big }]);
    expect(fieldErrors(large.body).files).toContain('20');
    const exe = await postForm(valid, [{ name: 'invoice.pdf', bytes: EXE }]);
    expect(fieldErrors(exe.body).files).toContain('pdf');
    const type = await postForm(valid, [{ name: 'tool.exe', bytes: EXE }]);
    expect(fieldErrors(type.body).files).toBeTruthy();
    expect(await count()).toBe(before);
    expect(await db.knex('sys_file').where({ resource: 'portal.message' }).whereNull('record_id').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('answers a filled honeypot as accepted, without a number, and stores nothing', async () => {
    const before = await count();
    const { status, body } = await postForm({ ...valid, website: 'http://spam.example' });
    expect(status).toBe(200);
    expect(body.data).toEqual({ messageNo: null });
    expect(await count()).toBe(before);
  });

  it('answers in the language asked', async () => {
    const { body } = await postForm({ ...valid, name: '' }, [], freshIp(), 'en');
    expect(fieldErrors(body).name).toBe('Name is required');
  });
});

describe('the rate limit', () => {
  it('stores at most the allowed posts of a flood of 1,000 from one address; every other answer is 429 with the message', async () => {
    const ip = freshIp();
    const before = await count();
    const statuses: number[] = [];
    const msgs = new Set<string>();
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => postForm(valid, [], ip)));
      for (const a of answers) {
        statuses.push(a.status);
        if (a.status === 429) msgs.add(a.body.msg);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(995);
    expect([...msgs]).toEqual(['提交过于频繁，请 10 分钟后再试']);
    expect((await count()) - before).toBe(5);
    // Another address is not held back.
    expect((await postForm(valid)).status).toBe(200);
  }, 120_000);
});

describe('the rate limit on Redis (REDIS_URL set)', () => {
  it('holds the same limit with the Redis store', async () => {
    const previous = process.env.REDIS_URL;
    process.env.REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
    try {
      // An address of this run only: the Redis keys outlive the test database.
      const ip = `2001:db8::${Date.now().toString(16).slice(-4)}:${process.pid.toString(16)}`;
      const answers = await Promise.all(Array.from({ length: 12 }, () => postForm(valid, [], ip)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    } finally {
      if (previous === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = previous;
      await closeLimiter();
    }
  });
});

describe('looking a reply up', () => {
  it('answers the message with the right number and email, and one 404 otherwise', async () => {
    const { body } = await postForm(valid);
    const no = (body.data as { messageNo: string }).messageNo;
    const get = (q: string) => answerOf(lookup.loader, req(`/api/portal/public/messages/lookup?${q}`, { ip: freshIp() }));
    const right = await get(`no=${no}&email=lihua@example.com`);
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ messageNo: no, status: 'new', reply: null, repliedAt: null, type: 'complaint' });
    const wrongEmail = await get(`no=${no}&email=other@example.com`);
    const wrongNo = await get(`no=LY000000000000&email=lihua@example.com`);
    expect(wrongEmail.status).toBe(404);
    expect(wrongNo.status).toBe(404);
    expect(wrongEmail.body.msg).toBe('未找到与该留言编号和邮箱相符的留言');
    expect(wrongNo.body.msg).toBe(wrongEmail.body.msg);
  });
});

describe('staff handling a message', () => {
  const posted = async () => {
    const { body } = await postForm(valid);
    const no = (body.data as { messageNo: string }).messageNo;
    return Number((await db.knex('ptl_message').where({ message_no: no }).first()).id);
  };

  it('replies (new → replied), corrects the reply while open, and closes (replied → closed); the sender reads the latest reply', async () => {
    const id = await posted();
    const empty = await staff().transition('reply', [id], '  ');
    expect(empty.fieldErrors.reply).toBe('回复内容不能为空');
    const replied = await staff().transition('reply', [id], '已转交查验科处理');
    expect(replied.code, replied.msg).toBe(200);
    expect(replied.data[0]).toMatchObject({ status: 'replied', reply: '已转交查验科处理' });
    expect(replied.data[0].repliedAt).toBeTruthy();
    const corrected = await staff().transition('reply', [id], '已转交查验科，明日增开通道');
    expect(corrected.data[0]).toMatchObject({ status: 'replied', reply: '已转交查验科，明日增开通道' });
    const closed = await staff().transition('close', [id]);
    expect(closed.data[0]).toMatchObject({ status: 'closed' });
    expect(closed.data[0].closedAt).toBeTruthy();
    const row = await db.knex('ptl_message').where({ id }).first();
    const read = await answerOf(lookup.loader, req(`/api/portal/public/messages/lookup?no=${row.message_no}&email=LIHUA@example.com`, { ip: freshIp() }));
    expect(read.body.data).toMatchObject({ status: 'closed', reply: '已转交查验科，明日增开通道' });
    const trail = await db.knex('sys_audit_log').where({ resource: 'portal.message', record_id: String(id) }).orderBy('id').pluck('action');
    expect(trail).toEqual(['create', 'transition:reply', 'transition:reply', 'transition:close']);
  });

  it('closes a new message, and refuses to reply to or close a closed one with the catalogue message', async () => {
    const id = await posted();
    expect((await staff().transition('close', [id])).data[0]).toMatchObject({ status: 'closed' });
    expect((await staff().transition('reply', [id], '迟到的回复')).msg).toBe('已关闭的留言不能再回复');
    expect((await staff().transition('close', [id])).msg).toBe('该留言已关闭');
  });

  it('assigns open messages to a staff user only, audited; not a trader, not a closed message', async () => {
    const id = await posted();
    const operator = await db.knex('sys_user').where({ username: 'operator' }).first();
    const trader = await db.knex('sys_user').where({ username: 'trader' }).first();
    const call = (who: string, json: unknown) => answerOf(assign.action, req('/api/portal/messageAssign', { cookie: db.cookies[who], json }));
    const toTrader = await call('operator', { ids: [id], assigneeId: trader.id });
    expect(toTrader.status).toBe(400);
    expect(fieldErrors(toTrader.body).assigneeId).toBe('请选择处理人（平台运营或管理员）');
    const ok = await call('operator', { ids: [id], assigneeId: operator.id });
    expect(ok.status, ok.body.msg).toBe(200);
    expect((await staff().get(id)).data.assigneeId).toBe(Number(operator.id));
    expect(await db.knex('sys_audit_log').where({ resource: 'portal.message', record_id: String(id), action: 'assign' }).first()).toBeTruthy();
    await staff().transition('close', [id]);
    expect((await call('operator', { ids: [id], assigneeId: operator.id })).body.msg).toBe('已关闭的留言不能再分派');
  });

  it('refuses a trader on the server: list, reply, close, assign', async () => {
    const id = await posted();
    expect((await staff('trader').list()).code).toBe(403);
    expect((await staff('trader').transition('reply', [id], 'x')).code).toBe(403);
    expect((await staff('trader').transition('close', [id])).code).toBe(403);
    const a = await answerOf(assign.action, req('/api/portal/messageAssign', { cookie: db.cookies.trader, json: { ids: [id], assigneeId: 1 } }));
    expect(a.status).toBe(403);
  });

  it('offers no add, edit or delete to staff', async () => {
    const id = await posted();
    expect((await staff('admin').create(valid)).code).not.toBe(200);
    expect((await staff('admin').remove(id)).code).not.toBe(200);
    expect(await db.knex('ptl_message').where({ id }).first()).toBeTruthy();
  });

  it('lists with the filters and shows the files with the message', async () => {
    const { body } = await postForm(valid, [{ name: 'scan.pdf', bytes: PDF }]);
    const no = (body.data as { messageNo: string }).messageNo;
    const list = await staff().list({ messageNo: no });
    expect(list.data.rows).toHaveLength(1);
    expect(list.data.rows[0].files).toEqual([expect.objectContaining({ name: 'scan.pdf' })]);
    // Downloaded through core, which asks whether the reader may see the message.
    const fileId = String((list.data.rows[0].files as { id: number }[])[0].id);
    const download = (who: string) => respond(fileRoute.loader, req(`/api/core/files/${fileId}`, { cookie: db.cookies[who] }), { id: fileId });
    const got = await download('operator');
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer()).slice(0, 5)).toEqual(PDF.slice(0, 5));
    expect((await download('trader')).status).toBe(403);
    expect((await staff().list({ status: 'closed', messageNo: no })).data.rows).toHaveLength(0);
  });
});
