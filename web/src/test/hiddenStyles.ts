/**
 * The only antd rules the tests need, since antd's own CSS is not injected in tests (see
 * TestProviders): the classes antd puts on closed popups and inactive panes, which its CSS hides.
 * testing-library's role queries and visibility checks then treat them as hidden, as a browser would.
 */
export const HIDDEN_CLASSES = [
  'ant-select-dropdown-hidden',
  'ant-dropdown-hidden',
  'ant-picker-dropdown-hidden',
  'ant-cascader-dropdown-hidden',
  'ant-tree-select-dropdown-hidden',
  'ant-popover-hidden',
  'ant-tooltip-hidden',
  'ant-popconfirm-hidden',
  'ant-tabs-tabpane-hidden',
  'ant-menu-hidden',
  'ant-menu-submenu-hidden',
  'ant-drawer-content-wrapper-hidden',
];

export function installHiddenStyles(doc: Document): void {
  const style = doc.createElement('style');
  style.setAttribute('data-test', 'antd-hidden-classes');
  style.textContent = `${HIDDEN_CLASSES.map((c) => `.${c}`).join(',\n')} { display: none; }`;
  doc.head.appendChild(style);
}
