// QP codes: the rules are declared (a code is unique within its type: "4" is both a transport
// mode and a license code).
import { serverResource } from '@core/server';
import { customsQpDef } from './customsQp';

export const customsQpResource = serverResource(customsQpDef);
