// POST /api/user/updatePw: the SPEC §5 change-password rules, one failing and one passing
// case each, the success path and who may change whose password.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, req, respond } from '../../tests/support/http';
import { DEMO_PASSWORD, loginAs } from '../../tests/support/session';
import { setUpTestDb, userId } from '../../tests/support/suite';
import { action as authAction } from './api.login.auth';
import { action as getInfoAction } from './api.login.getInfo';
import { action as updatePwAction } from './api.user.updatePw';
import { toDate } from '../../core/db/knex.server';

const db = setUpTestDb({ logins: ['trader'] });
const { cookies } = db;
let traderId: number;

beforeAll(async () => {
  traderId = await userId(db, 'trader');
});

interface Form {
  id?: unknown;
  mobile?: string;
  verificationCode?: string;
  oldPassword?: string;
  password?: string;
  checkPassword?: string;
}

const form = (over: Form = {}): Form => ({
  id: traderId,
  mobile: '13800000000',
  verificationCode: '123456',
  oldPassword: DEMO_PASSWORD,
  password: 'NewPass@2024',
  checkPassword: 'NewPass@2024',
  ...over,
});

async function updatePw(cookie: string, body: Form, query = '') {
  const res = await respond(updatePwAction, req(`/api/user/updatePw${query}`, { json: body, cookie }));
  return { res, body: await envelope(res) };
}

const hashOf = async (username: string) => (await db.knex('sys_user').where({ username }).first()).password_hash as string;

const tryLogin = async (username: string, password: string) =>
  (await envelope(await respond(authAction, req('/api/login/auth', { json: { username, password }, ip: '10.2.0.1' })))).code;

const getInfoCode = async (cookie: string) =>
  (await envelope(await respond(getInfoAction, req('/api/login/getInfo', { method: 'POST', cookie })))).code;

// Wrong old passwords count towards the login lock; each test starts unlocked.
beforeEach(async () => {
  await db.knex('sys_login_log').where({ success: false }).delete();
  await db.knex('sys_login_throttle').delete();
});

describe('change-password rules (SPEC §5), each refused without changing the password', () => {
  // A body that breaks exactly one rule; the next rule down is what a valid value meets.
  const cases: { rule: string; bad: Form[]; zh: string; en: string; good: Form }[] = [
    {
      rule: 'old password required',
      bad: [{ oldPassword: '' }, { oldPassword: '   ' }, { oldPassword: undefined }],
      zh: '请输入旧密码',
      en: 'Please enter the old password',
      good: { oldPassword: 'anything-else' },
    },
    {
      rule: 'new password required',
      bad: [{ password: '' }, { password: '  ' }, { password: undefined }],
      zh: '请输入密码',
      en: 'Please enter the password',
      good: { password: 'Other#pass1', checkPassword: 'Other#pass1', oldPassword: 'wrong-old' },
    },
    {
      rule: 'confirm password required',
      bad: [{ checkPassword: '' }, { checkPassword: ' ' }, { checkPassword: undefined }],
      zh: '请再次输入密码',
      en: 'Please enter the password again',
      good: { checkPassword: 'NewPass@2024', oldPassword: 'wrong-old' },
    },
    {
      rule: 'confirm must equal new',
      bad: [{ checkPassword: 'NewPass@2025' }, { password: 'abcdef', checkPassword: 'abcdeF' }],
      zh: '两次输入密码不一致',
      en: 'The two passwords do not match',
      // trimmed before comparing: a stray space is not a mismatch
      good: { password: 'NewPass@2024', checkPassword: ' NewPass@2024 ', oldPassword: 'wrong-old' },
    },
    {
      rule: 'old password must be right',
      bad: [{ oldPassword: 'Demo@123456' }, { oldPassword: 'demo@12345' }],
      zh: '密码修改失败，旧密码错误',
      en: 'Password change failed: the old password is wrong',
      // passing this rule with nothing else wrong would change the password: see the success test
      good: { oldPassword: DEMO_PASSWORD, password: DEMO_PASSWORD, checkPassword: DEMO_PASSWORD },
    },
  ];

  for (const c of cases) {
    it(`${c.rule}: refused with ${c.zh}; a valid value gets past it`, async () => {
      const before = await hashOf('trader');
      for (const bad of c.bad) {
        const { res, body } = await updatePw(cookies.trader, form(bad));
        expect(body, JSON.stringify(bad)).toMatchObject({ code: 500, msg: c.zh });
        expect(res.status).toBe(400);
      }
      const { body } = await updatePw(cookies.trader, form(c.good));
      expect(body.msg).not.toBe(c.zh);
      expect(body.code).toBe(500); // another rule (or the old password) still refuses it
      expect(await hashOf('trader')).toBe(before);
    });

    it(`${c.rule}: the message is English with ?lng=en`, async () => {
      const { body } = await updatePw(cookies.trader, form(c.bad[0]), '?lng=en');
      expect(body).toMatchObject({ code: 500, msg: c.en });
    });
  }

  it('refuses a new password shorter than 6 characters', async () => {
    const { body } = await updatePw(cookies.trader, form({ password: 'a1b2c', checkPassword: 'a1b2c' }));
    expect(body).toMatchObject({ code: 500, msg: '密码长度为6到32个字符' });
  });

  it('refuses a new password equal to the old one', async () => {
    const { body } = await updatePw(cookies.trader, form({ password: DEMO_PASSWORD, checkPassword: DEMO_PASSWORD }));
    expect(body).toMatchObject({ code: 500, msg: '新密码不能与旧密码相同' });
  });

  it('needs a session: without one it answers 20011', async () => {
    const res = await respond(updatePwAction, req('/api/user/updatePw', { json: form() }));
    expect(res.status).toBe(401);
    expect((await envelope(res)).code).toBe(20011);
  });
});

describe('a body id naming another user', () => {
  it('is refused with 403 and changes nobody’s password', async () => {
    const admin = await db.knex('sys_user').where({ username: 'admin' }).first();
    const traderBefore = await hashOf('trader');
    for (const id of [admin.id, String(admin.id), 999999]) {
      const { res, body } = await updatePw(cookies.trader, form({ id }));
      expect(res.status).toBe(403);
      expect(body.code).toBe(403);
      expect(body.msg).toBe('没有访问权限');
    }
    expect(await hashOf('admin')).toBe(admin.password_hash);
    expect(await hashOf('trader')).toBe(traderBefore);
    expect(await tryLogin('admin', DEMO_PASSWORD)).toBe(200);
  });

  it('its own id as a string, or no id at all, is accepted', async () => {
    // wrong old password: gets past the id check to the password check, changes nothing
    expect((await updatePw(cookies.trader, form({ id: String(traderId), oldPassword: 'x-wrong' }))).body.msg).toBe('密码修改失败，旧密码错误');
    expect((await updatePw(cookies.trader, form({ id: undefined, oldPassword: 'x-wrong' }))).body.msg).toBe('密码修改失败，旧密码错误');
  });
});

describe('a successful change', () => {
  it('answers 密码修改成功; the new password logs in, the old one fails; other sessions end, this one stays', async () => {
    const current = await loginAs('broker', DEMO_PASSWORD, '10.2.0.2');
    const other = await loginAs('broker', DEMO_PASSWORD, '10.2.0.3');
    const otherUser = await loginAs('admin', DEMO_PASSWORD, '10.2.0.4');
    const broker = await db.knex('sys_user').where({ username: 'broker' }).first();

    const { res, body } = await updatePw(current, form({ id: broker.id, password: 'Fresh#Pass99', checkPassword: 'Fresh#Pass99' }));
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ code: 200, msg: '密码修改成功' });

    const after = await db.knex('sys_user').where({ username: 'broker' }).first();
    expect(after.password_hash).not.toBe(broker.password_hash);
    // A Date from MariaDB, epoch milliseconds from SQLite (TEST_DB=sqlite): just set, either way.
    expect(Date.now() - (toDate(after.password_changed_at)?.getTime() ?? 0)).toBeLessThan(10 * 60_000);
    expect(after.version).toBe(broker.version + 1);

    expect(await tryLogin('broker', 'Fresh#Pass99')).toBe(200);
    expect(await tryLogin('broker', DEMO_PASSWORD)).toBe(500);

    expect(await getInfoCode(current)).toBe(200);
    expect(await getInfoCode(other)).toBe(20011);
    expect(await getInfoCode(otherUser)).toBe(200);
  });

  it('answers Password changed with ?lng=en', async () => {
    const cookie = await loginAs('shipagent', DEMO_PASSWORD, '10.2.0.5');
    const id = await userId(db, 'shipagent');
    const { body } = await updatePw(cookie, form({ id, password: 'English#1', checkPassword: 'English#1' }), '?lng=en');
    expect(body).toMatchObject({ code: 200, msg: 'Password changed' });
    expect(await tryLogin('shipagent', 'English#1')).toBe(200);
  });
});

describe('guessing the old password', () => {
  it('locks password change and login after too many wrong old passwords, and logs each guess', async () => {
    const cookie = await loginAs('operator', DEMO_PASSWORD, '10.2.0.9');
    const id = await userId(db, 'operator');
    for (let i = 0; i < 5; i++) {
      const { body } = await updatePw(cookie, form({ id, oldPassword: `guess-${i}` }));
      expect(body.msg).toBe('密码修改失败，旧密码错误');
    }
    const locked = await updatePw(cookie, form({ id }));
    expect(locked.body.msg).toContain('分钟');
    // The lock is per (username, address): signing in from the guesser's address is locked too,
    // from elsewhere it is not.
    expect((await envelope(await respond(authAction, req('/api/login/auth', { json: { username: 'operator', password: DEMO_PASSWORD } })))).code).toBe(500);
    expect(await tryLogin('operator', DEMO_PASSWORD)).toBe(200);
    const logged = await db.knex('sys_login_log').where({ username: 'operator', message: 'passwordChange' }).count({ n: '*' }).first();
    expect(Number(logged?.n)).toBe(5);
  });
});
