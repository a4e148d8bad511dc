// Demo roles and one demo user per account type, seeded once per database: afterwards
// the administrator owns them (changed grants and deleted users stay that way). What the roles
// may see, the plugins declare (`grants`, applied by core/rbac/grant.ts).
import type { Knex } from 'knex';
import type { Seed } from './plugin';

export const ADMIN_ROLE_NAME = '管理员';

export const DEMO_ROLES = [
  { code: 'admin', name: ADMIN_ROLE_NAME, remark: '拥有全部菜单与权限' },
  { code: 'ZWYCAU', name: '作业运营', remark: '' },
  { code: 'WLFZ', name: '物流辅助', remark: '' },
  { code: 'GBYW', name: '过磅业务', remark: '' },
  { code: 'customs_admin', name: '报关管理', remark: '' },
  { code: '0', name: '普通用户', remark: '' },
  { code: 'PTGL', name: '平台管理', remark: '' },
];

export const DEMO_USERS = [
  { username: 'shipagent', nickname: '船代演示', userType: 1, roles: ['ZWYCAU'], company: '瑞丽船务代理有限公司' },
  { username: 'freightagent', nickname: '货代演示', userType: 2, roles: ['WLFZ'], company: '畹町国际货运代理有限公司' },
  { username: 'operator', nickname: '平台运营', userType: 3, roles: ['PTGL', 'GBYW'], company: '中缅口岸服务平台' },
  { username: 'trader', nickname: '贸易商演示', userType: 4, roles: ['0'], company: '德宏边境贸易有限公司' },
  { username: 'broker', nickname: '报关行演示', userType: 5, roles: ['customs_admin'], company: '姐告报关行' },
  { username: 'admin', nickname: '系统管理员', userType: 6, roles: ['admin'], company: '中缅口岸服务平台' },
];

export interface DemoRole {
  code: string;
  name: string;
  remark: string;
  orderNum?: number;
}

export interface DemoLogin {
  username: string;
  nickname: string;
  userType: number;
  /** Role codes (seeded before, by this call or another). */
  roles: string[];
  company: string;
  mobile?: string | null;
}

/**
 * Roles that are missing, then logins that are missing, with the demo password: what every
 * plugin's demo accounts are made of (a seed declared `once`, so that the administrator owns them
 * afterwards). Answers the ids of the logins made (by username).
 */
export async function seedDemoLogins(knex: Knex, password: { demoPassword: string; hashPassword(p: string): Promise<string> }, roles: DemoRole[], users: DemoLogin[]): Promise<Map<string, number>> {
  const now = new Date();
  for (const [i, r] of roles.entries()) {
    if (await knex('sys_role').where({ code: r.code }).first()) continue;
    await knex('sys_role').insert({ code: r.code, name: r.name, remark: r.remark, order_num: r.orderNum ?? i, data_scope: 'all', status: '0', created_at: now, updated_at: now, version: 1 });
  }
  const roleIds = new Map(((await knex('sys_role').select('id', 'code')) as { id: number; code: string }[]).map((r) => [r.code, Number(r.id)]));
  const hash = await password.hashPassword(password.demoPassword);
  const made = new Map<string, number>();
  for (const u of users) {
    if (await knex('sys_user').where({ username: u.username }).first()) continue;
    const [id] = await knex('sys_user').insert({
      username: u.username,
      nickname: u.nickname,
      password_hash: hash,
      user_type: u.userType,
      company_name: u.company,
      mobile: u.mobile ?? null,
      email: `${u.username}@example.com`,
      port_area: '瑞丽',
      status: '0',
      created_at: now,
      updated_at: now,
      version: 1,
    });
    await knex('sys_user_role').insert(u.roles.map((c) => ({ user_id: Number(id), role_id: roleIds.get(c)! })));
    made.set(u.username, Number(id));
  }
  return made;
}

export const demoSeed: Seed = {
  name: 'demo-identity',
  once: true,
  async run(knex, password) {
    await seedDemoLogins(knex, password, DEMO_ROLES, DEMO_USERS);
  },
};
