// Starting base data for a port on the China–Myanmar border, seeded once: countries, the
// ports and crossings of the Yunnan–Myanmar corridor with some yards, berths and routes,
// common border-trade goods, Yunnan's regions (and a few other provinces) and some
// shipping addresses. Administrators maintain it afterwards.
import type { Knex } from 'knex';
import type { Seed } from '@core/shared';

type Values = Record<string, unknown>;

// code, alpha-3, numeric, 中文, English, မြန်မာ
const COUNTRIES: [string, string, string, string, string, string][] = [
  ['CN', 'CHN', '156', '中国', 'China', 'တရုတ်'],
  ['MM', 'MMR', '104', '缅甸', 'Myanmar', 'မြန်မာ'],
  ['TH', 'THA', '764', '泰国', 'Thailand', 'ထိုင်း'],
  ['LA', 'LAO', '418', '老挝', 'Laos', 'လာအို'],
  ['VN', 'VNM', '704', '越南', 'Viet Nam', 'ဗီယက်နမ်'],
  ['KH', 'KHM', '116', '柬埔寨', 'Cambodia', 'ကမ္ဘောဒီးယား'],
  ['IN', 'IND', '356', '印度', 'India', 'အိန္ဒိယ'],
  ['BD', 'BGD', '050', '孟加拉国', 'Bangladesh', 'ဘင်္ဂလားဒေ့ရှ်'],
  ['SG', 'SGP', '702', '新加坡', 'Singapore', 'စင်ကာပူ'],
  ['MY', 'MYS', '458', '马来西亚', 'Malaysia', 'မလေးရှား'],
  ['ID', 'IDN', '360', '印度尼西亚', 'Indonesia', 'အင်ဒိုနီးရှား'],
  ['PH', 'PHL', '608', '菲律宾', 'Philippines', 'ဖိလစ်ပိုင်'],
  ['BN', 'BRN', '096', '文莱', 'Brunei Darussalam', 'ဘရူနိုင်း'],
  ['NP', 'NPL', '524', '尼泊尔', 'Nepal', 'နီပေါ'],
  ['LK', 'LKA', '144', '斯里兰卡', 'Sri Lanka', 'သီရိလင်္ကာ'],
  ['PK', 'PAK', '586', '巴基斯坦', 'Pakistan', 'ပါကစ္စတန်'],
  ['JP', 'JPN', '392', '日本', 'Japan', 'ဂျပန်'],
  ['KR', 'KOR', '410', '韩国', 'Republic of Korea', 'တောင်ကိုရီးယား'],
  ['US', 'USA', '840', '美国', 'United States', 'အမေရိကန်ပြည်ထောင်စု'],
  ['GB', 'GBR', '826', '英国', 'United Kingdom', 'ယူနိုက်တက်ကင်းဒမ်း'],
  ['DE', 'DEU', '276', '德国', 'Germany', 'ဂျာမနီ'],
  ['FR', 'FRA', '250', '法国', 'France', 'ပြင်သစ်'],
  ['IT', 'ITA', '380', '意大利', 'Italy', 'အီတလီ'],
  ['NL', 'NLD', '528', '荷兰', 'Netherlands', 'နယ်သာလန်'],
  ['RU', 'RUS', '643', '俄罗斯', 'Russian Federation', 'ရုရှား'],
  ['AU', 'AUS', '036', '澳大利亚', 'Australia', 'ဩစတြေးလျ'],
  ['CA', 'CAN', '124', '加拿大', 'Canada', 'ကနေဒါ'],
  ['AE', 'ARE', '784', '阿拉伯联合酋长国', 'United Arab Emirates', 'အာရပ်စော်ဘွားများပြည်ထောင်စု'],
  ['SA', 'SAU', '682', '沙特阿拉伯', 'Saudi Arabia', 'ဆော်ဒီအာရေးဗီးယား'],
  ['BR', 'BRA', '076', '巴西', 'Brazil', 'ဘရာဇီး'],
  ['ZA', 'ZAF', '710', '南非', 'South Africa', 'တောင်အာဖရိက'],
];

// LOCODE, 中文, English, မြန်မာ, country, type
const PORTS: [string, string, string, string, string, string][] = [
  ['CNKMG', '昆明', 'Kunming', 'ကူမင်း', 'CN', 'inland'],
  ['CNRUI', '瑞丽', 'Ruili', 'ရွှေလီ', 'CN', 'land'],
  ['CNWDG', '畹町', 'Wanding', 'ဝမ်တင်', 'CN', 'land'],
  ['CNQSH', '临沧清水河', 'Qingshuihe (Lincang)', 'ချင်းရွှေဟော်', 'CN', 'land'],
  ['CNGLE', '关累', 'Guanlei', 'ကွမ်လေ့', 'CN', 'river'],
  ['CNSHA', '上海', 'Shanghai', 'ရှန်ဟိုင်း', 'CN', 'sea'],
  ['CNCAN', '广州', 'Guangzhou', 'ကွမ်ကျိုး', 'CN', 'sea'],
  ['MMRGN', '仰光', 'Yangon', 'ရန်ကုန်', 'MM', 'sea'],
  ['MMMDL', '曼德勒', 'Mandalay', 'မန္တလေး', 'MM', 'river'],
  ['MMMSE', '木姐', 'Muse', 'မူဆယ်', 'MM', 'land'],
  ['MMKYP', '皎漂', 'Kyaukphyu', 'ကျောက်ဖြူ', 'MM', 'sea'],
  ['MMLSH', '腊戍', 'Lashio', 'လားရှိုး', 'MM', 'inland'],
  ['MMBMO', '八莫', 'Bhamo', 'ဗန်းမော်', 'MM', 'river'],
  ['THBKK', '曼谷', 'Bangkok', 'ဘန်ကောက်', 'TH', 'sea'],
  ['SGSIN', '新加坡', 'Singapore', 'စင်ကာပူ', 'SG', 'sea'],
];

// code, name, port, type, area m², capacity t
const YARDS: [string, string, string, string, number, number][] = [
  ['RL-Y01', '姐告国际货运堆场', 'CNRUI', 'open', 52000, 30000],
  ['RL-Y02', '瑞丽保税物流中心仓库', 'CNRUI', 'bonded', 18000, 12000],
  ['QSH-Y01', '清水河口岸查验货场', 'CNQSH', 'open', 26000, 15000],
  ['KMG-Y01', '昆明王家营国际陆港堆场', 'CNKMG', 'container', 150000, 80000],
  ['MSE-Y01', '木姐105码贸易区堆场', 'MMMSE', 'open', 80000, 50000],
  ['RGN-Y01', '仰光港集装箱堆场', 'MMRGN', 'container', 120000, 60000],
];

// code, name, port, length m, depth m, max DWT
const BERTHS: [string, string, string, number, number, number][] = [
  ['RGN-B01', '仰光港1号泊位', 'MMRGN', 183, 9, 15000],
  ['RGN-B02', '仰光港2号泊位', 'MMRGN', 183, 9, 15000],
  ['KYP-B01', '皎漂马德岛原油码头', 'MMKYP', 480, 25, 300000],
  ['MDL-B01', '曼德勒港1号码头', 'MMMDL', 80, 3.5, 1000],
  ['BMO-B01', '八莫港1号码头', 'MMBMO', 60, 3, 500],
  ['GLE-B01', '关累港1号泊位', 'CNGLE', 60, 3.5, 500],
];

// code, name, origin, destination, km, mode, days
const ROUTES: [string, string, string, string, number, string, number][] = [
  ['KMG-RUI', '昆明—瑞丽', 'CNKMG', 'CNRUI', 700, 'road', 2],
  ['RUI-MDL', '瑞丽—曼德勒', 'CNRUI', 'MMMDL', 460, 'road', 2],
  ['MSE-MDL', '木姐—曼德勒', 'MMMSE', 'MMMDL', 450, 'road', 1],
  ['MSE-RGN', '木姐—仰光', 'MMMSE', 'MMRGN', 1050, 'road', 3],
  ['QSH-LSH', '清水河—腊戍', 'CNQSH', 'MMLSH', 210, 'road', 1],
  ['RGN-QSH', '仰光—清水河（中缅印度洋新通道）', 'MMRGN', 'CNQSH', 1150, 'multimodal', 4],
  ['MDL-RGN', '曼德勒—仰光', 'MMMDL', 'MMRGN', 620, 'rail', 1],
  ['RGN-SIN', '仰光—新加坡', 'MMRGN', 'SGSIN', 2050, 'water', 5],
];

// code, 品名, English, မြန်မာ, category, unit, HS, dangerous
const GOODS: [string, string, string, string, string, string, string | null, boolean][] = [
  ['G001', '大米', 'Rice', 'ဆန်', 'grain', 't', '100630', false],
  ['G002', '玉米', 'Maize', 'ပြောင်းဖူး', 'grain', 't', '100590', false],
  ['G003', '绿豆', 'Mung beans', 'ပဲတီစိမ်း', 'beans', 't', '071331', false],
  ['G004', '黑芝麻', 'Black sesame', 'နှမ်းမည်း', 'beans', 't', '120740', false],
  ['G005', '天然橡胶', 'Natural rubber', 'သဘာဝရော်ဘာ', 'rubber', 't', '400122', false],
  ['G006', '原木', 'Logs', 'သစ်လုံး', 'timber', 'm3', '440399', false],
  ['G007', '翡翠原石', 'Rough jadeite', 'ကျောက်စိမ်းကြမ်း', 'gem', 'kg', '710310', false],
  ['G008', '西瓜', 'Watermelon', 'ဖရဲသီး', 'fruit', 't', '080711', false],
  ['G009', '香蕉', 'Bananas', 'ငှက်ပျောသီး', 'fruit', 't', '080390', false],
  ['G010', '榴莲', 'Durians', 'ဒူးရင်းသီး', 'fruit', 't', '081060', false],
  ['G011', '冻虾', 'Frozen shrimps', 'အေးခဲပုစွန်', 'aquatic', 't', '030617', false],
  ['G012', '锡精矿', 'Tin ore concentrate', 'သံဖြူသတ္တုရိုင်း', 'mineral', 't', '260900', false],
  ['G013', '尿素', 'Urea', 'ယူရီးယားမြေဩဇာ', 'chemical', 't', '310210', false],
  ['G014', '液化石油气', 'Liquefied petroleum gas', 'အရည်ပြုရေနံဓာတ်ငွေ့', 'energy', 't', '271119', true],
  ['G015', '汽油', 'Motor gasoline', 'ဓာတ်ဆီ', 'energy', 't', '271012', true],
  ['G016', '日用百货', 'Daily consumer goods', 'လူသုံးကုန်', 'consumer', 'box', null, false],
];

const PROVINCES: [string, string][] = [
  ['530000', '云南省'],
  ['440000', '广东省'],
  ['450000', '广西壮族自治区'],
  ['510000', '四川省'],
  ['520000', '贵州省'],
];

// Yunnan's 16 prefecture-level divisions, then a few elsewhere.
const CITIES: [string, string][] = [
  ['530100', '昆明市'],
  ['530300', '曲靖市'],
  ['530400', '玉溪市'],
  ['530500', '保山市'],
  ['530600', '昭通市'],
  ['530700', '丽江市'],
  ['530800', '普洱市'],
  ['530900', '临沧市'],
  ['532300', '楚雄彝族自治州'],
  ['532500', '红河哈尼族彝族自治州'],
  ['532600', '文山壮族苗族自治州'],
  ['532800', '西双版纳傣族自治州'],
  ['532900', '大理白族自治州'],
  ['533100', '德宏傣族景颇族自治州'],
  ['533300', '怒江傈僳族自治州'],
  ['533400', '迪庆藏族自治州'],
  ['440100', '广州市'],
  ['440300', '深圳市'],
  ['450100', '南宁市'],
  ['451400', '崇左市'],
  ['510100', '成都市'],
  ['520100', '贵阳市'],
];

const COUNTIES: [string, string][] = [
  ['530102', '五华区'],
  ['530103', '盘龙区'],
  ['530111', '官渡区'],
  ['530112', '西山区'],
  ['530114', '呈贡区'],
  ['530502', '隆阳区'],
  ['530581', '腾冲市'],
  ['530902', '临翔区'],
  ['530926', '耿马傣族佤族自治县'],
  ['530927', '沧源佤族自治县'],
  ['532532', '河口瑶族自治县'],
  ['532801', '景洪市'],
  ['532823', '勐腊县'],
  ['533102', '瑞丽市'],
  ['533103', '芒市'],
  ['533122', '梁河县'],
  ['533123', '盈江县'],
  ['533124', '陇川县'],
  ['440106', '天河区'],
  ['440112', '黄埔区'],
  ['440303', '罗湖区'],
  ['451481', '凭祥市'],
  ['510107', '武侯区'],
];

// name, province, city, county, address, contact, phone, default
const ADDRESSES: [string, string, string, string, string, string, string, boolean][] = [
  ['姐告国际货运站', '530000', '533100', '533102', '瑞丽市姐告大道88号姐告国际货运站', '张伟', '0692-4123456', true],
  ['王家营国际陆港', '530000', '530100', '530111', '官渡区王家营国际陆港物流园3号库', '李娜', '13987654321', false],
  ['清水河口岸货场', '530000', '530900', '530926', '耿马傣族佤族自治县孟定镇清水河口岸货场', '杨明', '0883-7123456', false],
  ['黄埔港仓库', '440000', '440100', '440112', '黄埔区港前路18号', '陈静', '020-82123456', false],
];

/** Inserts the rows whose key is not there yet (an administrator's edits stay). */
async function insertMissing(knex: Knex, table: string, rows: Values[], key = 'code'): Promise<void> {
  const now = new Date();
  const have = new Set((await knex(table).pluck(key)).map(String));
  const fresh = rows.filter((r) => !have.has(String(r[key]))).map((r) => ({ ...r, created_at: now, updated_at: now, version: 1 }));
  if (fresh.length) await knex(table).insert(fresh);
}

export const baseDataSeed: Seed = {
  name: 'base-data',
  once: true,
  async run(knex) {
    await insertMissing(
      knex,
      'sys_country',
      COUNTRIES.map(([code, alpha3, numeric_code, name_zh, name_en, name_my]) => ({ code, alpha3, numeric_code, name_zh, name_en, name_my })),
    );
    await insertMissing(
      knex,
      'sys_port',
      PORTS.map(([code, name_zh, name_en, name_my, country_code, port_type]) => ({ code, name_zh, name_en, name_my, country_code, port_type })),
    );
    await insertMissing(knex, 'sys_yard', YARDS.map(([code, name, port_code, yard_type, area, capacity]) => ({ code, name, port_code, yard_type, area, capacity })));
    await insertMissing(knex, 'sys_berth', BERTHS.map(([code, name, port_code, length, depth, max_tonnage]) => ({ code, name, port_code, length, depth, max_tonnage })));
    await insertMissing(
      knex,
      'sys_route',
      ROUTES.map(([code, name, origin_port, destination_port, distance_km, transport_mode, transit_days]) => ({ code, name, origin_port, destination_port, distance_km, transport_mode, transit_days })),
    );
    await insertMissing(
      knex,
      'sys_goods',
      GOODS.map(([code, name, name_en, name_my, category, unit, hs_code, dangerous]) => ({ code, name, name_en, name_my, category, unit, hs_code, dangerous })),
    );
    await insertMissing(knex, 'sys_region', [
      ...PROVINCES.map(([code, name]) => ({ code, name, level: 'province', parent_code: null })),
      ...CITIES.map(([code, name]) => ({ code, name, level: 'city', parent_code: `${code.slice(0, 2)}0000` })),
      ...COUNTIES.map(([code, name]) => ({ code, name, level: 'county', parent_code: `${code.slice(0, 4)}00` })),
    ]);
    await insertMissing(
      knex,
      'sys_shipping_address',
      ADDRESSES.map(([name, province_code, city_code, county_code, detail_address, contact_name, phone, is_default]) => ({
        name,
        province_code,
        city_code,
        county_code,
        detail_address,
        contact_name,
        phone,
        is_default,
      })),
      'name',
    );
  },
};
