// A typed client of the platform's REST API for partners, generated from /api/openapi.json:
// schema.d.ts is written by `npm run openapi:client` (openapi-typescript) and must not be edited;
// calls go through openapi-fetch, so paths, parameters, bodies and answers are checked by
// TypeScript against the document.
//
//   const api = portClient({ baseUrl: 'https://port.example.org', token: 'ptk_…' });
//   const { data, error } = await api.GET('/api/system/dept', { params: { query: { pageSize: 20 } } });
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

/** A resource row as the API answers it, e.g. `Row<'system_dept'>`. */
export type Row<Name extends string> = `${Name}_row` extends keyof components['schemas'] ? components['schemas'][`${Name}_row`] : never;

/** The error envelope of a refused call ({ code, msg, data.fieldErrors }). */
export type ApiError = NonNullable<components['responses']['BadRequest']['content']['application/json']>;

export interface PortClientOptions extends ClientOptions {
  /** A partner API token (ptk_…), sent as `Authorization: Bearer …`. */
  token?: string;
}

export function portClient({ token, headers, ...options }: PortClientOptions = {}): Client<paths> {
  return createClient<paths>({
    ...options,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(headers as Record<string, string> | undefined) },
  });
}
