// Names of the codes one declaration uses, read only for those codes: customs districts,
// QP parameters and port codes from the customs code tables, countries through the system
// plugin's picker (its table is not ours to read).
import type { PluginContext, SessionUserLike } from '@core/shared';
import { GOODS_CODES, HEADER_CODES, text, type CodeKind, type CodeName, type CodeNames, type PrintDeclaration } from './printable';

const QP_KINDS: CodeKind[] = ['transportMode', 'tradeMode', 'levyNature', 'transactionMode', 'packageType', 'unit', 'currency'];

type NamedRow = { code: string; name: string; name_en: string | null };

const byCode = (rows: NamedRow[]): Record<string, CodeName> => Object.fromEntries(rows.map((r) => [String(r.code), { zh: r.name, en: r.name_en || null }]));

/** The codes of each kind the declaration uses. */
function usedCodes(decl: PrintDeclaration): Map<CodeKind, Set<string>> {
  const used = new Map<CodeKind, Set<string>>();
  const add = (kind: CodeKind, v: unknown) => {
    const code = text(v).trim();
    if (!code) return;
    if (!used.has(kind)) used.set(kind, new Set());
    used.get(kind)!.add(code);
  };
  for (const [field, kind] of Object.entries(HEADER_CODES)) add(kind, decl[field]);
  for (const g of decl.goods ?? []) {
    for (const [field, kind] of Object.entries(GOODS_CODES)) add(kind, g[field]);
    for (const l of g.licences ?? []) add('unit', l.unit);
  }
  return used;
}

/** "CN 中国 / China" (the countries picker's label) → { zh: 中国, en: China }. */
function countryName(label: string, code: string): CodeName {
  const rest = label.startsWith(`${code} `) ? label.slice(code.length + 1) : label;
  const [zh, en] = rest.split(' / ');
  return { zh: zh.trim(), en: en?.trim() || null };
}

export async function loadCodeNames(decl: PrintDeclaration, { knex, lookup, user }: Pick<PluginContext, 'knex' | 'lookup'> & { user: SessionUserLike }): Promise<CodeNames> {
  const used = usedCodes(decl);
  const codes = (kind: CodeKind) => [...(used.get(kind) ?? [])];
  const names: CodeNames = {};
  if (codes('customs').length) {
    names.customs = byCode(await knex('cus_customs_port').whereIn('customs_code', codes('customs')).select({ code: 'customs_code' }, 'name', 'name_en'));
  }
  if (codes('port').length) {
    names.port = byCode(await knex('cus_port_code').whereIn('port_code', codes('port')).select({ code: 'port_code' }, 'name', 'name_en'));
  }
  const qpWanted = QP_KINDS.filter((k) => codes(k).length);
  if (qpWanted.length) {
    const rows: (NamedRow & { qp_type: string })[] = await knex('cus_customs_qp')
      .where((qb) => {
        for (const kind of qpWanted) qb.orWhere((w) => w.where('qp_type', kind).whereIn('qp_code', codes(kind)));
      })
      .select('qp_type', { code: 'qp_code' }, 'name', 'name_en');
    for (const kind of qpWanted) names[kind] = byCode(rows.filter((r) => r.qp_type === kind));
  }
  if (codes('country').length) {
    const wanted = new Set(codes('country'));
    const options = await lookup('system.countries', user);
    names.country = Object.fromEntries(options.filter((o) => wanted.has(String(o.value))).map((o) => [String(o.value), countryName(o.label, String(o.value))]));
  }
  return names;
}
