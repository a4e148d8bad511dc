// The declaration elements (申报要素) of the seeded HS lines, per kind of goods, in the order
// the declaration's "specification model" joins them with "|". Every list starts with name,
// brand type (品牌类型, codes 0–4) and export preference status (出口享惠情况, codes 0–3) and ends
// with the optional brand / GTIN / CAS / other; the goods-specific ones sit in between.

/** [Chinese name, English name, required] */
export type ElementSpec = readonly [zh: string, en: string, required: boolean];

const HEAD: ElementSpec[] = [
  ['品名', 'Name', true],
  ['品牌类型', 'Brand type', true],
  ['出口享惠情况', 'Export preference status', true],
];
const BRAND: ElementSpec = ['品牌（中文或外文名称）', 'Brand (Chinese or foreign name)', false];
const MODEL: ElementSpec = ['型号', 'Model', false];
const TAIL: ElementSpec[] = [
  ['GTIN', 'GTIN', false],
  ['CAS', 'CAS', false],
  ['其他', 'Other', false],
];

const PURPOSE: ElementSpec = ['用途', 'Purpose', true];
const COMPOSITION: ElementSpec = ['成分含量', 'Composition and content', true];
const PACKAGE: ElementSpec = ['包装规格', 'Package size', false];
const SPECIES: ElementSpec = ['种类（中文及拉丁学名）', 'Species (Chinese and Latin name)', true];

const list = (...middle: ElementSpec[]): ElementSpec[] => [...HEAD, ...middle, ...TAIL];

export const ELEMENT_TEMPLATES = {
  generic: list(PURPOSE, ['材质', 'Material', true], BRAND, MODEL),
  fish: list(['加工方法（冻、鲜或冷）', 'Processing (frozen, fresh or chilled)', true], SPECIES, ['是否去头去壳', 'Whether headless or peeled', false], BRAND),
  beans: list(['用途（种用或非种用）', 'Use (for sowing or not)', true], ['种类', 'Variety', true], ['加工方法（干、去荚）', 'Processing (dried, shelled)', false], PACKAGE, BRAND),
  fruit: list(['种类', 'Variety', true], ['加工方法（鲜或干）', 'Processing (fresh or dried)', true], PACKAGE, BRAND),
  crop: list(PURPOSE, ['种类', 'Variety', true], ['加工程度', 'Degree of processing', false], PACKAGE, BRAND),
  rice: list(['用途（种用或非种用）', 'Use (for sowing or not)', true], ['种类（籼米、粳米）', 'Kind (indica or japonica)', true], ['加工程度（稻谷、糙米、精米、碎米）', 'Processing (paddy, husked, milled, broken)', true], ['粒型（长粒、中短粒）', 'Grain (long or medium/short)', false], PACKAGE, BRAND),
  oil: list(['加工方法（初榨或精制）', 'Processing (crude or refined)', true], ['熔点', 'Melting point', false], PACKAGE, BRAND),
  cement: list(PURPOSE, ['种类', 'Kind', true], ['强度等级', 'Strength grade', false], PACKAGE, BRAND),
  bulk: list(COMPOSITION, ['外观（块、粉、液、气）', 'Form (lump, powder, liquid, gas)', false], ['来源', 'Source', false], BRAND),
  medicine: list(PURPOSE, COMPOSITION, ['剂型', 'Dosage form', true], PACKAGE, BRAND, MODEL),
  fertiliser: list(PURPOSE, COMPOSITION, ['外观（颗粒或粉末）', 'Form (granular or powder)', false], PACKAGE, BRAND),
  chemical: list(PURPOSE, COMPOSITION, ['外观', 'Appearance', false], BRAND, MODEL),
  rubber: list(['外观（胶乳、烟胶片、颗粒胶等）', 'Form (latex, smoked sheet, crumb etc.)', true], ['技术分类等级', 'Technical grade', false], PACKAGE, BRAND),
  tyre: list(PURPOSE, ['规格（断面宽度、轮辋直径）', 'Size (section width, rim diameter)', true], ['花纹', 'Tread pattern', false], BRAND, MODEL),
  timber: list(SPECIES, ['规格（截面尺寸、长度）', 'Dimensions (cross-section, length)', true], ['是否经油漆、防腐处理', 'Whether painted or preservative-treated', false], BRAND),
  fabric: list(['织造方法（机织、针织）', 'Weaving (woven or knitted)', true], COMPOSITION, ['每平方米克重', 'Weight per square metre', true], ['染整方法（未漂白、染色、印花）', 'Finishing (unbleached, dyed, printed)', false], BRAND),
  garment: list(['织造方法（针织、机织）', 'Weaving (knitted or woven)', true], ['类别（男式、女式）', 'Category (men’s or women’s)', true], COMPOSITION, BRAND, ['款号', 'Style number', false]),
  gem: list(['种类', 'Kind of stone', true], ['加工程度', 'Degree of working', true], ['重量（克拉）', 'Weight (carats)', false], BRAND),
  steel: list(PURPOSE, ['材质（牌号）', 'Material (grade)', true], ['规格（厚度×宽度或直径）', 'Size (thickness × width, or diameter)', true], ['表面处理', 'Surface treatment', false], BRAND, MODEL),
  machine: list(PURPOSE, ['功率', 'Power', true], ['驱动方式（履带式、轮胎式）', 'Drive (tracked or wheeled)', false], BRAND, ['型号', 'Model', true]),
  electronics: list(PURPOSE, ['功能', 'Function', true], ['原理', 'Principle', false], ['品牌（中文或外文名称）', 'Brand (Chinese or foreign name)', true], ['型号', 'Model', true]),
  motorcycle: list(['排气量', 'Engine capacity', true], ['驱动方式', 'Drive', false], ['品牌（中文或外文名称）', 'Brand (Chinese or foreign name)', true], ['型号', 'Model', true]),
} satisfies Record<string, ElementSpec[]>;

export type ElementTemplate = keyof typeof ELEMENT_TEMPLATES;
