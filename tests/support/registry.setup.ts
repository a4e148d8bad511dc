// Vitest setup (vitest.config.ts): every test file starts with the app's plugin list handed to
// the registry, as server.ts does. A test that needs other plugins hands its own with
// setPlugins()/setRegistry() from core/registry.server.ts.
import { installAppRegistry } from '../../app/registry.server';

installAppRegistry();
