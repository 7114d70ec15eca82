import type { Locale } from './locale.js';

/**
 * Texts the demo seeds store (defect types, severity names, layers, affected parts,
 * recommendations, component types, devices, repair templates, DPR activities…). They are stored
 * as the seed wrote them, in English — so validation, imports, filters and reports keep working
 * on one value — and every screen shows them through `seedText` in the reader's language.
 * Anything a user typed is not in this table and is shown as typed.
 * Issue #15, docs/inspection.md "Seed data in both languages".
 */
export const SEED_TEXTS: Readonly<Record<string, { zh_cn: string }>> = {
  // inspection: defect templates and demo defects
  'Leading edge erosion': { zh_cn: '前缘腐蚀' },
  Crack: { zh_cn: '裂纹' },
  'Lightning damage': { zh_cn: '雷击损伤' },
  'Coating damage': { zh_cn: '涂层损伤' },
  Corrosion: { zh_cn: '锈蚀' },
  Monitor: { zh_cn: '持续观察' },
  'Repair within 3 months': { zh_cn: '3个月内修复' },
  'Repair immediately': { zh_cn: '立即修复' },
  'No damage': { zh_cn: '无损伤' },
  Cosmetic: { zh_cn: '外观缺陷' },
  Minor: { zh_cn: '轻微' },
  Moderate: { zh_cn: '中等' },
  Serious: { zh_cn: '严重' },
  Critical: { zh_cn: '危急' },
  Coating: { zh_cn: '涂层' },
  'Leading edge': { zh_cn: '前缘' },
  'Tower shell': { zh_cn: '塔筒壁' },
  'Tower flange': { zh_cn: '塔筒法兰' },
  'Nacelle cover': { zh_cn: '机舱罩' },
  'Demo pilot': { zh_cn: '演示飞手' },
  Front: { zh_cn: '前侧' },
  Rear: { zh_cn: '后侧' },
  // asset: component types, devices, regions
  'SG 14 nacelle': { zh_cn: 'SG 14 机舱' },
  'SG 8 nacelle': { zh_cn: 'SG 8 机舱' },
  'GW 3.6 nacelle': { zh_cn: 'GW 3.6 机舱' },
  'Offshore tubular 115 m': { zh_cn: '海上管式塔筒 115 米' },
  'Offshore tubular 100 m': { zh_cn: '海上管式塔筒 100 米' },
  'Steel tubular 110 m': { zh_cn: '钢制管式塔筒 110 米' },
  'Monopile XL': { zh_cn: '大直径单桩' },
  Jacket: { zh_cn: '导管架' },
  'Spread footing': { zh_cn: '扩展基础' },
  'Inspection drone': { zh_cn: '巡检无人机' },
  'North Sea': { zh_cn: '北海' },
  'North China': { zh_cn: '华北' },
  'Inner Mongolia': { zh_cn: '内蒙古' },
  Baotou: { zh_cn: '包头' },
  // repair: demo repair-step templates
  'Leading edge erosion repair': { zh_cn: '前缘腐蚀修复' },
  'Crack repair': { zh_cn: '裂纹修复' },
  Clean: { zh_cn: '清洁' },
  Fill: { zh_cn: '填充' },
  Protect: { zh_cn: '防护' },
  Grind: { zh_cn: '打磨' },
  Laminate: { zh_cn: '铺层' },
  Finish: { zh_cn: '表面处理' },
  'Clean and dry the eroded area.': { zh_cn: '清洁并干燥腐蚀区域。' },
  'Apply filler and sand it to the blade profile.': { zh_cn: '涂抹填料并按叶片型面打磨。' },
  'Apply leading edge protection coating.': { zh_cn: '涂覆前缘保护涂层。' },
  'Grind out the crack to sound laminate.': { zh_cn: '将裂纹打磨至完好铺层。' },
  'Lay up and cure the repair laminate.': { zh_cn: '铺设并固化修复铺层。' },
  'Sand, fill and paint the repaired surface.': { zh_cn: '对修复表面打磨、填充并喷漆。' },
  // delivery: DPR activities and template
  'Turbines flown': { zh_cn: '已飞行风机' },
  'Blades inspected': { zh_cn: '已检查叶片' },
  'Images uploaded': { zh_cn: '已上传图片' },
  turbines: { zh_cn: '台' },
  blades: { zh_cn: '片' },
  images: { zh_cn: '张' },
  'Blade inspection (demo)': { zh_cn: '叶片巡检（演示）' },
};

/** A stored text in the reader's language: a seeded text is translated, anything else is shown as stored. */
export function seedText<T extends string | null | undefined>(text: T, locale: Locale): T | string {
  if (typeof text !== 'string' || locale === 'en_us') return text;
  return Object.prototype.hasOwnProperty.call(SEED_TEXTS, text) ? SEED_TEXTS[text]![locale] : text;
}

/** Whether a stored text is one the console shows in both languages (the seeds' tests ask this). */
export function isSeedText(text: string): boolean {
  return Object.prototype.hasOwnProperty.call(SEED_TEXTS, text);
}
