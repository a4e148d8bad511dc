// Mounting a widget into any element of a page that does not use React itself: the widget
// renders into the element's Shadow DOM (its styles inside it, the page's outside), and the
// function returned unmounts it.
import { createRoot, type Root } from 'react-dom/client';
import { MessageFormWidget } from './MessageFormWidget';
import { NewsWidget } from './NewsWidget';
import { SettlementStatusWidget } from './SettlementStatusWidget';
import type { Lang } from './i18n';

export type WidgetName = 'news' | 'messageForm' | 'settlementStatus';

export interface MountOptions {
  widget: WidgetName;
  /** The platform's address, e.g. `https://port.example.com`. */
  baseUrl: string;
  lang?: Lang | string;
  /** settlementStatus: an embed token from the host's server. */
  token?: string;
  /** settlementStatus: a URL on the host's own server that answers a fresh embed token. */
  tokenUrl?: string;
  /** news, settlementStatus: rows per page. */
  pageSize?: number;
  /** news: only this type. */
  type?: string;
}

export function renderWidget(root: Root, o: MountOptions): void {
  const common = { baseUrl: o.baseUrl, lang: o.lang };
  if (o.widget === 'news') root.render(<NewsWidget {...common} pageSize={o.pageSize} type={o.type} />);
  else if (o.widget === 'messageForm') root.render(<MessageFormWidget {...common} />);
  else if (o.widget === 'settlementStatus') root.render(<SettlementStatusWidget {...common} token={o.token} tokenUrl={o.tokenUrl} pageSize={o.pageSize} />);
  else throw new Error(`PortWidgets: unknown widget "${String((o as { widget?: unknown }).widget)}"`);
}

/** The element's own Shadow DOM (made once) with a fresh container for a React root. */
export function shadowContainer(element: Element): HTMLElement {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.replaceChildren(container);
  return container;
}

export function mount(element: Element | null, options: MountOptions): () => void {
  if (!element) throw new Error('PortWidgets.mount: no element');
  if (!options?.baseUrl) throw new Error('PortWidgets.mount: baseUrl is required');
  const root = createRoot(shadowContainer(element));
  renderWidget(root, options);
  return () => root.unmount();
}
