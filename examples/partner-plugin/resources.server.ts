// The server halves of the plugin's resources: the engine's hooks would go here (none needed).
import { documentResource } from '@core/document/document.server';
import { serverResource } from '@core/resource/define.server';
import { greetingDef } from './greeting';
import { cardDocument } from './card';

export const greetingResource = serverResource(greetingDef);
export const cardResource = documentResource(cardDocument);
