// The one-script bundle (React included): `PortWidgets.mount(element, options)`, and the custom
// elements <port-news>, <port-message-form>, <port-settlement-status> registered on load.
import { defineElements } from './elements';

export { mount } from './mount';
export { defineElements };
export const version = '0.1.0';

defineElements();
