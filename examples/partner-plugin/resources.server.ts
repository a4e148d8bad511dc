// The server halves of the plugin's resources: the engine's hooks would go here (none needed).
import { documentResource, serverResource } from '@core/server';
import { greetingDef } from './greeting';
import { cardDocument } from './card';

export const greetingResource = serverResource(greetingDef);
export const cardResource = documentResource(cardDocument);
