// Calls to the platform's public portal API (`/api/portal/public/*`, envelope { code, msg, data }).
// The widgets run on another origin: requests are CORS requests without cookies, and the host's
// origin must be on the platform's portal origins list.
export interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}

/** A refused call: the server's translated message, the envelope code and, for form input, the message per field. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    public code: number,
    public status: number,
    public fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Code of an answer that asks to sign in again (the embed token expired or is not valid). */
export const NOT_LOGGED_IN = 20011;

export function apiUrl(baseUrl: string, path: string, query: Record<string, string | number | undefined> = {}): string {
  const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  return url.toString();
}

function unwrap<T>(status: number, body: unknown, fallback: string): T {
  const env = body as Envelope<T> | null;
  if (!env || typeof env !== 'object' || typeof env.code !== 'number') throw new ApiFailure(fallback, 500, status);
  if (env.code !== 200) {
    const fieldErrors = ((env.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {}) as Record<string, string>;
    throw new ApiFailure(env.msg || fallback, env.code, status, fieldErrors);
  }
  return env.data as T;
}

/** A JSON call answering in the envelope: its data, or an ApiFailure (network errors carry `networkError`). */
export async function callApi<T>(url: string, init: RequestInit, networkError: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'omit' });
  } catch {
    throw new ApiFailure(networkError, 0, 0);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    throw new ApiFailure(networkError, 500, res.status);
  }
  return unwrap<T>(res.status, body, networkError);
}

/** A multipart POST through XMLHttpRequest, so the upload's progress can be shown (fetch has none). */
export function postForm<T>(url: string, form: FormData, onProgress: (fraction: number) => void, networkError: string): { done: Promise<T>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.withCredentials = false;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiFailure(networkError, 0, 0));
    xhr.onabort = () => reject(new ApiFailure(networkError, 0, 0));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        reject(new ApiFailure(networkError, 500, xhr.status));
        return;
      }
      try {
        resolve(unwrap<T>(xhr.status, body, networkError));
      } catch (e) {
        reject(e);
      }
    };
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
