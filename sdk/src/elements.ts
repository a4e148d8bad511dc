// The widgets as custom elements: <port-news>, <port-message-form>, <port-settlement-status>,
// attributes base-url, lang, token, token-url, page-size (and type for news). Each renders
// into its own Shadow DOM and follows changes of its attributes.
import { createRoot, type Root } from 'react-dom/client';
import { renderWidget, shadowContainer, type WidgetName } from './mount';

const ATTRIBUTES = ['base-url', 'lang', 'token', 'token-url', 'page-size', 'type'];

function elementOf(widget: WidgetName): CustomElementConstructor {
  return class extends HTMLElement {
    static observedAttributes = ATTRIBUTES;
    private root: Root | null = null;

    connectedCallback() {
      this.root ??= createRoot(shadowContainer(this));
      this.update();
    }

    disconnectedCallback() {
      // Unmounted after the current task: a move within the page reconnects at once.
      const root = this.root;
      queueMicrotask(() => {
        if (!this.isConnected && root === this.root) {
          root?.unmount();
          this.root = null;
        }
      });
    }

    attributeChangedCallback() {
      if (this.root) this.update();
    }

    private update() {
      const attr = (n: string) => this.getAttribute(n) ?? undefined;
      const size = Number(attr('page-size'));
      renderWidget(this.root!, {
        widget,
        // Without base-url the platform is the page's own origin.
        baseUrl: attr('base-url') ?? window.location.origin,
        lang: attr('lang') ?? document.documentElement.lang?.slice(0, 2),
        token: attr('token'),
        tokenUrl: attr('token-url'),
        pageSize: Number.isInteger(size) && size > 0 ? size : undefined,
        type: attr('type'),
      });
    }
  };
}

export const ELEMENTS: Record<string, WidgetName> = {
  'port-news': 'news',
  'port-message-form': 'messageForm',
  'port-settlement-status': 'settlementStatus',
};

/** Registers the three elements (once; a second call, or a second bundle on the page, changes nothing). */
export function defineElements(registry: CustomElementRegistry = window.customElements): void {
  for (const [tag, widget] of Object.entries(ELEMENTS)) if (!registry.get(tag)) registry.define(tag, elementOf(widget));
}
