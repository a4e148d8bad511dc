// Demo news about the Ruili–Muse border trade and the Kyaukphyu deep-water port (8 in Chinese,
// 4 in English, 4 in Burmese, some of them versions of one story), in each state and one
// scheduled; the four content blocks in the three languages; three banners. Written as the
// platform operator through the screens' services, with cover images from ./demo.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { createRow, demoActor, demoDataSeed, saveFile, transitionRows, type DemoActor } from '@core/server';
import { isoDay, resourceKey } from '@core/shared';
import { bannerDef, newsDef } from './news';
import { bannerResource, contentResource, newsResource } from './news.server';

type Image = 'port' | 'border' | 'kyaukphyu';

/** A demo image stored for a resource, or null where the files are not shipped (the news go without). */
async function stored(knex: Knex, actor: DemoActor, image: Image, resource: string): Promise<number | null> {
  try {
    const bytes = await fs.readFile(path.join(process.cwd(), 'plugins/portal/news/demo', `${image}.png`));
    const file = await saveFile(knex, { name: `${image}.png`, ext: 'png', bytes, resource, recordId: null, createdBy: actor.user.id, createdByName: actor.user.nickname || actor.user.username });
    return file.id;
  } catch {
    return null;
  }
}

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');

interface DemoNews {
  key: string;
  lang: 'zh' | 'en' | 'my';
  type: 'portNews' | 'notice' | 'industry' | 'policy';
  title: string;
  source: string;
  summary: string;
  content: string;
  image?: Image;
  /** Days ago it was published; absent: not published (`offShelf` takes it down after). */
  daysAgo?: number;
  offShelf?: boolean;
  /** Scheduled this many hours ahead. */
  inHours?: number;
  versionOf?: string;
}

const NEWS: DemoNews[] = [
  {
    key: 'muse-volume',
    lang: 'zh',
    type: 'portNews',
    title: '瑞丽—木姐口岸前三季度进出口货运量同比增长18%',
    source: '瑞丽口岸物流调度中心',
    summary: '今年前三季度，瑞丽—木姐口岸进出口货运量达 612 万吨，同比增长 18%，其中大米、橡胶和水果增幅最大。',
    content: `<h2>货运量稳步回升</h2>${p('今年前三季度，瑞丽—木姐口岸进出口货运量达 612 万吨，同比增长 18%。其中，经木姐 105 码贸易区进口的大米 86 万吨、天然橡胶 41 万吨，出口的日用百货和机电产品也保持两位数增长。', '调度中心表示，姐告货运通道实行预约通关后，货车平均候检时间由 5.2 小时缩短到 2.8 小时。')}<ul><li>大米：同比增长 23%</li><li>橡胶：同比增长 15%</li><li>水果：同比增长 31%</li></ul>`,
    image: 'border',
    daysAgo: 2,
  },
  {
    key: 'kyaukphyu-berth',
    lang: 'zh',
    type: 'portNews',
    title: '皎漂深水港首个集装箱泊位完成水工结构验收',
    source: '中缅经济走廊信息网',
    summary: '皎漂深水港一期首个集装箱泊位完成水工结构验收，设计年吞吐能力 30 万标箱，可靠泊 5 万吨级船舶。',
    content: `<h2>一期工程节点达成</h2>${p('皎漂深水港一期首个集装箱泊位近日完成水工结构验收。该泊位长 350 米，前沿水深 16 米，设计年吞吐能力 30 万标箱，可靠泊 5 万吨级集装箱船。', '港口建成后，经皎漂—瑞丽公路与铁路通道，云南进出口货物可缩短约 3000 公里海上航程。')}`,
    image: 'kyaukphyu',
    daysAgo: 5,
  },
  {
    key: 'holiday-hours',
    lang: 'zh',
    type: 'notice',
    title: '关于元旦期间姐告货运通道通关时间调整的通知',
    source: '瑞丽口岸物流调度中心',
    summary: '元旦期间（1月1日至3日）姐告货运通道通关时间调整为 8:00—20:00，请各货主和车队合理安排车辆。',
    content: `${p('各货主、车队：')}${p('根据口岸联检单位安排，元旦期间（1月1日至3日）姐告货运通道通关时间调整为 <strong>8:00—20:00</strong>，1月4日起恢复正常。')}${p('请提前在平台预约通关时段，鲜活农产品可走绿色通道。')}`,
    daysAgo: 1,
  },
  {
    key: 'rcep-rules',
    lang: 'zh',
    type: 'policy',
    title: 'RCEP 原产地证书申领流程在平台上线',
    source: '德宏海关',
    summary: '企业可在平台在线申领 RCEP 原产地证书，审核通过后电子证书同步推送至报关单。',
    content: `${p('自本月起，企业可在平台“报关管理”中在线申领 RCEP 原产地证书。')}<ol><li>填写货物与原产地信息</li><li>上传发票与装箱单</li><li>海关审核通过后推送电子证书</li></ol>${p('缅甸自 RCEP 生效以来，已有 90% 以上的对华出口商品享受关税减让。')}`,
    image: 'port',
    daysAgo: 9,
  },
  {
    key: 'rubber-market',
    lang: 'zh',
    type: 'industry',
    title: '缅甸天然橡胶进口价格连续三周走高',
    source: '云南边贸商会',
    summary: '受主产区雨季影响，经瑞丽进口的缅甸烟片胶价格连续三周上涨，每吨较月初上涨约 600 元。',
    content: p('受缅甸掸邦、克钦邦主产区雨季影响，割胶量下降，经瑞丽口岸进口的 RSS3 烟片胶价格连续三周走高，每吨较月初上涨约 600 元。', '业内预计旱季开割后价格将趋于平稳。'),
    daysAgo: 12,
  },
  {
    key: 'rail-plan',
    lang: 'zh',
    type: 'portNews',
    title: '大瑞铁路保山至瑞丽段铺轨进度过半',
    source: '中缅经济走廊信息网',
    summary: '大瑞铁路保山至瑞丽段铺轨进度过半，建成后昆明至瑞丽货运时间将缩短至 8 小时以内。',
    content: p('大瑞铁路保山至瑞丽段铺轨进度过半，高黎贡山隧道已全线贯通。', '建成后，昆明至瑞丽货运时间将缩短至 8 小时以内，瑞丽国际陆港将实现公铁联运。'),
    inHours: 20,
  },
  {
    key: 'fee-draft',
    lang: 'zh',
    type: 'notice',
    title: '关于调整堆场仓储费收费标准的公告（征求意见稿）',
    source: '瑞丽口岸物流调度中心',
    summary: '拟自下季度起调整姐告国际货运堆场仓储费收费标准，现公开征求意见。',
    content: p('拟自下季度起调整姐告国际货运堆场仓储费收费标准：普通货物每吨每日 1.2 元，冷链货物每吨每日 3.5 元。', '意见请于本月底前通过在线留言提交。'),
  },
  {
    key: 'old-closure',
    lang: 'zh',
    type: 'notice',
    title: '关于弄岛渡口临时关闭的通知',
    source: '瑞丽口岸物流调度中心',
    summary: '因河道清淤，弄岛渡口临时关闭一周，货物请改经姐告通道。',
    content: p('因河道清淤，弄岛渡口临时关闭一周，期间货物请改经姐告通道通关。'),
    daysAgo: 30,
    offShelf: true,
  },
  {
    key: 'muse-volume-en',
    lang: 'en',
    type: 'portNews',
    title: 'Ruili–Muse border freight up 18% in the first three quarters',
    source: 'Ruili Port Logistics Dispatch Centre',
    summary: 'Freight through the Ruili–Muse crossing reached 6.12 million tonnes in the first three quarters, up 18% year on year, led by rice, rubber and fruit.',
    content: `<h2>Volumes recover steadily</h2>${p('Import and export freight through the Ruili–Muse crossing reached 6.12 million tonnes in the first three quarters, 18% more than a year earlier. Rice imported through the Muse 105-mile trade zone reached 860,000 tonnes and natural rubber 410,000 tonnes.', 'Since customs slots can be booked in advance at the Jiegao freight lane, the average wait of a truck for inspection has fallen from 5.2 to 2.8 hours.')}`,
    image: 'border',
    daysAgo: 2,
    versionOf: 'muse-volume',
  },
  {
    key: 'kyaukphyu-berth-en',
    lang: 'en',
    type: 'portNews',
    title: 'First container berth at Kyaukphyu deep-sea port passes structural acceptance',
    source: 'China–Myanmar Economic Corridor News',
    summary: 'The first container berth of Kyaukphyu deep-sea port, phase one, passed its marine works acceptance: 300,000 TEU a year, ships up to 50,000 DWT.',
    content: p('The first container berth of phase one at Kyaukphyu deep-sea port has passed its marine structure acceptance. The 350-metre berth has 16 metres of water alongside and is designed for 300,000 TEU a year.', 'Linked to Ruili by road and rail, the port will spare Yunnan cargo some 3,000 km of sea voyage.'),
    image: 'kyaukphyu',
    daysAgo: 5,
    versionOf: 'kyaukphyu-berth',
  },
  {
    key: 'holiday-hours-en',
    lang: 'en',
    type: 'notice',
    title: 'New Year opening hours of the Jiegao freight lane',
    source: 'Ruili Port Logistics Dispatch Centre',
    summary: 'From 1 to 3 January the Jiegao freight lane clears trucks from 8:00 to 20:00.',
    content: p('From 1 to 3 January the Jiegao freight lane clears trucks from <strong>8:00 to 20:00</strong>; normal hours resume on 4 January.', 'Please book your clearance slot on the platform in advance. Fresh produce may use the green lane.'),
    daysAgo: 1,
    versionOf: 'holiday-hours',
  },
  {
    key: 'rcep-rules-en',
    lang: 'en',
    type: 'policy',
    title: 'RCEP certificates of origin can now be applied for online',
    source: 'Dehong Customs',
    summary: 'Traders can apply for RCEP certificates of origin on the platform; approved certificates are attached to the declaration.',
    content: p('Traders can now apply for RCEP certificates of origin under Customs Declarations on the platform.'),
    versionOf: 'rcep-rules',
  },
  {
    key: 'muse-volume-my',
    lang: 'my',
    type: 'portNews',
    title: 'ရွှေလီ–မူဆယ် နယ်စပ်ကုန်သွယ်ရေး ကုန်စည်ပမာဏ ပထမသုံးလပတ်တွင် ၁၈ ရာခိုင်နှုန်း တိုးတက်',
    source: 'ရွှေလီဆိပ်ကမ်း ထောက်ပံ့ပို့ဆောင်ရေး စီမံခန့်ခွဲမှုဌာန',
    summary: 'ယခုနှစ် ပထမသုံးလပတ်အတွင်း ရွှေလီ–မူဆယ် နယ်စပ်ဂိတ်မှ ကုန်စည်ပမာဏ တန်ချိန် ၆.၁၂ သန်း ရှိပြီး ယမန်နှစ်ထက် ၁၈ ရာခိုင်နှုန်း တိုးတက်ခဲ့သည်။',
    content: `<h2>ကုန်စည်ပမာဏ တဖြည်းဖြည်း ပြန်လည်တိုးတက်</h2>${p('ယခုနှစ် ပထမသုံးလပတ်အတွင်း ရွှေလီ–မူဆယ် နယ်စပ်ဂိတ်မှ သွင်းကုန်နှင့် ပို့ကုန် တန်ချိန် ၆.၁၂ သန်း ဖြတ်သန်းခဲ့ပြီး ယမန်နှစ်ထက် ၁၈ ရာခိုင်နှုန်း တိုးတက်ခဲ့သည်။ မူဆယ် ၁၀၅ မိုင် ကုန်သွယ်ရေးဇုန်မှတစ်ဆင့် ဆန် တန်ချိန် ၈၆၀,၀၀၀ နှင့် ရော်ဘာ တန်ချိန် ၄၁၀,၀၀၀ တင်ပို့ခဲ့သည်။', 'ကုန်တင်ကားများ စစ်ဆေးရန် စောင့်ဆိုင်းချိန်သည် ပျမ်းမျှ ၅.၂ နာရီမှ ၂.၈ နာရီသို့ လျော့နည်းသွားခဲ့သည်။')}`,
    image: 'border',
    daysAgo: 2,
    versionOf: 'muse-volume',
  },
  {
    key: 'kyaukphyu-berth-my',
    lang: 'my',
    type: 'portNews',
    title: 'ကျောက်ဖြူ ရေနက်ဆိပ်ကမ်း၏ ပထမဆုံး ကွန်တိန်နာဆိပ်ခံ တည်ဆောက်မှု စစ်ဆေးလက်ခံပြီး',
    source: 'တရုတ်–မြန်မာ စီးပွားရေးစင်္ကြံ သတင်း',
    summary: 'ကျောက်ဖြူ ရေနက်ဆိပ်ကမ်း ပထမအဆင့်၏ ပထမဆုံး ကွန်တိန်နာဆိပ်ခံကို စစ်ဆေးလက်ခံပြီးဖြစ်ပြီး တစ်နှစ်လျှင် TEU ၃၀၀,၀၀၀ ကိုင်တွယ်နိုင်မည်။',
    content: p('ကျောက်ဖြူ ရေနက်ဆိပ်ကမ်း ပထမအဆင့်၏ ပထမဆုံး ကွန်တိန်နာဆိပ်ခံကို ရေကြောင်းဆိုင်ရာ တည်ဆောက်မှု စစ်ဆေးလက်ခံပြီး ဖြစ်သည်။ ဆိပ်ခံ၏ အရှည် မီတာ ၃၅၀ ရှိပြီး ရေအနက် မီတာ ၁၆ ရှိသည်။', 'ရွှေလီသို့ လမ်းနှင့် ရထားလမ်းဖြင့် ချိတ်ဆက်ပြီးနောက် ယူနန်ကုန်စည်များအတွက် ပင်လယ်ခရီး ကီလိုမီတာ ၃,၀၀၀ ခန့် သက်သာမည်။'),
    image: 'kyaukphyu',
    daysAgo: 5,
    versionOf: 'kyaukphyu-berth',
  },
  {
    key: 'holiday-hours-my',
    lang: 'my',
    type: 'notice',
    title: 'နှစ်သစ်ကူးကာလအတွင်း ကျဲကောက် ကုန်စည်လမ်းကြောင်း ဖွင့်ချိန် ပြောင်းလဲခြင်း',
    source: 'ရွှေလီဆိပ်ကမ်း ထောက်ပံ့ပို့ဆောင်ရေး စီမံခန့်ခွဲမှုဌာန',
    summary: 'ဇန်နဝါရီ ၁ ရက်မှ ၃ ရက်အထိ ကျဲကောက် ကုန်စည်လမ်းကြောင်းကို နံနက် ၈:၀၀ မှ ည ၈:၀၀ အထိ ဖွင့်မည်။',
    content: p('ဇန်နဝါရီ ၁ ရက်မှ ၃ ရက်အထိ ကျဲကောက် ကုန်စည်လမ်းကြောင်းကို <strong>နံနက် ၈:၀၀ မှ ည ၈:၀၀</strong> အထိ ဖွင့်မည်ဖြစ်ပြီး ဇန်နဝါရီ ၄ ရက်မှစ၍ ပုံမှန်အချိန်အတိုင်း ပြန်လည်ဖွင့်လှစ်မည်။', 'ပလက်ဖောင်းတွင် ကြိုတင်စာရင်းသွင်းပါ။'),
    daysAgo: 1,
    versionOf: 'holiday-hours',
  },
  {
    key: 'old-closure-my',
    lang: 'my',
    type: 'notice',
    title: 'နောင်တိုး ကူးတို့ဆိပ် ယာယီပိတ်ခြင်း',
    source: 'ရွှေလီဆိပ်ကမ်း ထောက်ပံ့ပို့ဆောင်ရေး စီမံခန့်ခွဲမှုဌာန',
    summary: 'မြစ်ကြောင်းတူးဖော်ရေးကြောင့် နောင်တိုး ကူးတို့ဆိပ်ကို တစ်ပတ် ယာယီပိတ်ထားမည်။',
    content: p('မြစ်ကြောင်းတူးဖော်ရေးကြောင့် နောင်တိုး ကူးတို့ဆိပ်ကို တစ်ပတ် ယာယီပိတ်ထားမည်ဖြစ်ပြီး ကုန်စည်များကို ကျဲကောက်လမ်းကြောင်းမှ ဖြတ်သန်းရန် မေတ္တာရပ်ခံအပ်ပါသည်။'),
    daysAgo: 30,
    offShelf: true,
    versionOf: 'old-closure',
  },
];

const CONTENT: Record<'about' | 'services' | 'contact' | 'notices', Record<'zh' | 'en' | 'my', [string, string]>> = {
  about: {
    zh: ['关于我们', p('中缅口岸服务平台由瑞丽口岸物流调度中心运营，为中缅边境贸易企业提供通关、调度、结算和信息服务，覆盖瑞丽—木姐、弄岛及皎漂深水港通道。')],
    en: ['About us', p('The China–Myanmar Port Service Platform is run by the Ruili Port Logistics Dispatch Centre. It serves border traders with customs clearance, dispatch, settlement and information for the Ruili–Muse, Nongdao and Kyaukphyu corridors.')],
    my: ['ကျွန်ုပ်တို့အကြောင်း', p('တရုတ်–မြန်မာ ဆိပ်ကမ်းဝန်ဆောင်မှု ပလက်ဖောင်းကို ရွှေလီဆိပ်ကမ်း ထောက်ပံ့ပို့ဆောင်ရေး စီမံခန့်ခွဲမှုဌာနက လည်ပတ်ပြီး နယ်စပ်ကုန်သည်များအတွက် အကောက်ခွန်ရှင်းလင်းခြင်း၊ ပို့ဆောင်ရေး၊ ငွေစာရင်းရှင်းလင်းခြင်းနှင့် သတင်းအချက်အလက် ဝန်ဆောင်မှုများ ပေးသည်။')],
  },
  services: {
    zh: ['服务介绍', `<ul><li>报关报检与原产地证书</li><li>车辆预约通关与智能调度</li><li>堆场仓储与理货</li><li>跨境人民币结算</li></ul>`],
    en: ['Services', `<ul><li>Customs declarations and certificates of origin</li><li>Clearance slot booking and truck dispatch</li><li>Yard storage and tally</li><li>Cross-border RMB settlement</li></ul>`],
    my: ['ဝန်ဆောင်မှုများ', `<ul><li>အကောက်ခွန်ကြေညာခြင်းနှင့် မူလဇာစ်မြစ်လက်မှတ်</li><li>ကုန်တင်ကား ကြိုတင်စာရင်းသွင်းခြင်းနှင့် ပို့ဆောင်ရေးစီမံခြင်း</li><li>ကုန်လှောင်ရုံနှင့် ကုန်စည်စာရင်းကောက်ခြင်း</li><li>နယ်စပ်ဖြတ် ယွမ်ငွေ ရှင်းလင်းခြင်း</li></ul>`],
  },
  contact: {
    zh: ['联系我们', p('地址：云南省瑞丽市姐告大道 1 号', '电话：0692-4141234（工作日 8:30—17:30）', '邮箱：service@ruili-port.example')],
    en: ['Contact', p('Address: 1 Jiegao Avenue, Ruili, Yunnan', 'Phone: +86 692 414 1234 (working days 8:30–17:30)', 'Email: service@ruili-port.example')],
    my: ['ဆက်သွယ်ရန်', p('လိပ်စာ - အမှတ် ၁၊ ကျဲကောက်လမ်းမကြီး၊ ရွှေလီမြို့၊ ယူနန်ပြည်နယ်', 'ဖုန်း - +86 692 414 1234 (ရုံးဖွင့်ရက် ၈:၃၀–၁၇:၃၀)', 'အီးမေးလ် - service@ruili-port.example')],
  },
  notices: {
    zh: ['公告须知', p('车辆入场须提前 2 小时预约；危险品须提前 24 小时申报。')],
    en: ['Notices', p('Trucks must book their entry 2 hours ahead; dangerous goods must be declared 24 hours ahead.')],
    my: ['အသိပေးချက်များ', p('ကုန်တင်ကားများ ဝင်ရောက်ရန် ၂ နာရီ ကြိုတင်စာရင်းသွင်းရမည်၊ အန္တရာယ်ရှိပစ္စည်းများကို ၂၄ နာရီ ကြိုတင်ကြေညာရမည်။')],
  },
};

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return isoDay(d);
};

export const newsDemo = demoDataSeed('news-demo', async (knex, { registry }) => {
  const actor = await demoActor(knex, registry, 'operator');
  if (!actor) return;
  const opts = { knex, trusted: true };
  const ids = new Map<string, number>();
  for (const n of NEWS) {
    const coverFileId = n.image ? await stored(knex, actor, n.image, resourceKey(newsDef)) : null;
    const publishAt = n.inHours ? new Date(Date.now() + n.inHours * 3600_000).toISOString() : null;
    const input = { title: n.title, type: n.type, lang: n.lang, source: n.source, summary: n.summary, content: n.content, coverFileId, originalId: n.versionOf ? (ids.get(n.versionOf) ?? null) : null, publishAt };
    const id = Number((await createRow(newsResource, actor, input, actor.t, opts)).id);
    ids.set(n.key, id);
    if (n.daysAgo === undefined) continue;
    await transitionRows(newsResource, actor, [id], 'publish', actor.t, opts);
    // Dated as if published then, read by a few hundred people since.
    const at = new Date(Date.now() - n.daysAgo * 86_400_000 - (NEWS.indexOf(n) % 5) * 3_600_000);
    await knex('ptl_news').where({ id }).update({ published_at: at, views: 40 + ((id * 137) % 900) });
    if (n.offShelf) await transitionRows(newsResource, actor, [id], 'offShelf', actor.t, opts);
  }
  for (const [key, langs] of Object.entries(CONTENT)) {
    for (const [lang, [title, content]] of Object.entries(langs)) await createRow(contentResource, actor, { key, lang, title, content }, actor.t, opts);
  }
  const banners = [
    { title: '瑞丽—木姐口岸 预约通关', image: 'border' as const, link: '/news', sortOrder: 1, lang: 'all', validFrom: day(-30), validTo: null },
    { title: '皎漂深水港 一期工程', image: 'kyaukphyu' as const, link: 'https://www.example.com/kyaukphyu', sortOrder: 2, lang: 'all', validFrom: day(-10), validTo: day(60) },
    { title: '元旦通关时间调整', image: 'port' as const, link: '/news', sortOrder: 3, lang: 'zh', validFrom: day(-3), validTo: day(40) },
  ];
  for (const b of banners) {
    const imageFileId = await stored(knex, actor, b.image, resourceKey(bannerDef));
    if (!imageFileId) continue;
    await createRow(bannerResource, actor, { title: b.title, imageFileId, link: b.link, sortOrder: b.sortOrder, lang: b.lang, validFrom: b.validFrom, validTo: b.validTo, enabled: true }, actor.t, opts);
  }
});
