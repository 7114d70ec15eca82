import type { ThemeConfig } from 'antd';

/**
 * The console's antd theme: antd's defaults fail WCAG 2.1 AA colour contrast (4.5:1 for text) —
 * primary blue #1677ff is 4.1:1 on white, secondary text #8c8c8c 3.4:1, placeholders #bfbfbf
 * 1.8:1. These seeds keep antd's look with text that passes on white and on the #f5f5f5 page
 * background (checked by axe-core in infra/src/e2e/accessibility.browser.e2e.test.ts).
 */
export const THEME: ThemeConfig = {
  token: {
    // antd blue-7: 6.2:1 on white (links, primary buttons' white text, selected items).
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    // Descriptions, table headers' sort hints, form help: 5.7:1.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Danger buttons, error texts and status tags: red-7 5.6:1, green-8 5.6:1, gold-8 4.4:1 → gold-9.
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#874d00',
  },
  components: {
    // Preset tag colours write their text in the palette's 7th shade, below 4.5:1 on the tag's own
    // light background for these hues (gold-7 2.9:1): a darker shade of the same hue instead.
    Tag: { gold7: '#874d00', orange7: '#ad4e00', yellow7: '#614700', lime7: '#3f6600', green7: '#135200', cyan7: '#00474f', volcano7: '#ad2102' },
    // An empty table's "No … yet" line is written in the disabled colour (#bfbfbf, 1.8:1): it is
    // information, not a disabled control, so it gets the description colour (5.7:1).
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
