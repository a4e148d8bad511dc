// @port-platform/widgets: the portal's embeddable widgets as React components (react and
// react-dom are the host's), plus mount() and the custom elements for pages without React.
export { NewsWidget } from './NewsWidget';
export type { NewsCard, NewsDetail, NewsWidgetProps } from './NewsWidget';
export { MessageFormWidget } from './MessageFormWidget';
export type { MessageLookup } from './MessageFormWidget';
export { SettlementStatusWidget } from './SettlementStatusWidget';
export type { SettlementPage, SettlementRow, SettlementStatusProps } from './SettlementStatusWidget';
export type { WidgetProps } from './common';
export { mount } from './mount';
export type { MountOptions, WidgetName } from './mount';
export { defineElements } from './elements';
export { LANGS } from './i18n';
export type { Lang } from './i18n';
