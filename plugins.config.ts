// The enabled plugins, in order (their migrations and seeds run in this order after core's).
// A partner plugin is added by importing it here (a local folder or an npm package).
import type { PortPlugin } from './core/plugin';
import system from './plugins/system';
import customs from './plugins/customs';
import finance from './plugins/finance';
import portOps from './plugins/port-ops';
import portal from './plugins/portal';
import contracts from './plugins/contracts';
import partnerExample from './examples/partner-plugin';

const plugins: PortPlugin[] = [system, customs, finance, portOps, portal, contracts];

// The example partner plugin proves the contract in tests; never on in production.
if (process.env.ENABLE_EXAMPLE_PLUGIN === '1') plugins.push(partnerExample);

export default plugins;
