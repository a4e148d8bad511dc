// The Fetch-style request a route module reads (url, method, headers, json(), formData() …),
// made directly on node's IncomingMessage for the API router. A Fetch `Request` with its
// AbortSignal and body stream costs ~50 µs per call, a third of what a small API call may cost
// in all; this object costs ~1 µs and builds those parts only when a handler reads them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import proxyAddr from 'proxy-addr';

/** Express's compiled "trust proxy" setting (`app.get('trust proxy fn')`). */
export type TrustFn = (address: string, hop: number) => boolean;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;

/** What Express calls req.ip: the socket's address, or X-Forwarded-For as far as the proxy is trusted. */
export function clientIpOf(req: IncomingMessage, trust: TrustFn): string {
  return proxyAddr(req, trust);
}

/** The scheme and host the client reached: X-Forwarded-Proto/-Host only behind a trusted proxy. */
function reached(req: IncomingMessage, trust: TrustFn): { proto: string; host: string | undefined } {
  const trusted = trust(req.socket.remoteAddress ?? '', 0);
  const tls = (req.socket as { encrypted?: boolean }).encrypted;
  const proto = (trusted && first(req.headers['x-forwarded-proto'])) || (tls ? 'https' : 'http');
  const host = (trusted && first(req.headers['x-forwarded-host'])) || req.headers.host;
  return { proto: proto.toLowerCase(), host };
}

/** The URL the client asked for, as @remix-run/express builds it (protocol and host honour "trust proxy"). */
export function requestUrl(req: IncomingMessage, trust: TrustFn): string {
  const { proto, host } = reached(req, trust);
  return `${proto}://${host || 'localhost'}${req.url ?? '/'}`;
}

/** The host (and port) the app is reached at, lower-cased: X-Forwarded-Host only behind a trusted proxy. */
export function ownHostOf(req: IncomingMessage, trust: TrustFn): string {
  return (reached(req, trust).host ?? '').toLowerCase();
}

/**
 * The origin the app is reached at (`scheme://host[:port]`, normalised as a browser writes an
 * Origin header: lower case, no default port), or null without a usable Host. The scheme is the
 * connection's (TLS or not), or X-Forwarded-Proto behind a trusted proxy.
 */
export function ownOriginOf(req: IncomingMessage, trust: TrustFn): string | null {
  const { proto, host } = reached(req, trust);
  if (!host || (proto !== 'http' && proto !== 'https')) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

export class NodeRequest {
  private headerList?: Headers;
  private abortSignal?: AbortSignal;
  private raw?: Promise<Buffer>;
  private fetchRequest?: Request;

  constructor(private readonly req: IncomingMessage, private readonly res: ServerResponse, readonly url: string) {}

  get method(): string {
    return this.req.method ?? 'GET';
  }

  get headers(): Headers {
    if (this.headerList) return this.headerList;
    const headers = new Headers();
    const raw = this.req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
    // Set by the router from the socket (never the client's own): clientIp() reads it.
    const ip = this.req.headers['x-port-client-ip'];
    if (typeof ip === 'string') headers.set('x-port-client-ip', ip);
    return (this.headerList = headers);
  }

  /** Aborted when the client goes away before the answer is finished. */
  get signal(): AbortSignal {
    if (this.abortSignal) return this.abortSignal;
    const controller = new AbortController();
    if (this.res.writableFinished || this.res.destroyed) controller.abort();
    else this.res.once('close', () => this.res.writableFinished || controller.abort());
    return (this.abortSignal = controller.signal);
  }

  get bodyUsed(): boolean {
    return !!this.raw || !!this.fetchRequest?.bodyUsed;
  }

  /** The body as one buffer (JSON and form bodies are small). */
  private buffer(): Promise<Buffer> {
    if (this.fetchRequest) return this.fetchRequest.arrayBuffer().then((b) => Buffer.from(b));
    return (this.raw ??= new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.req.on('data', (c: Buffer) => chunks.push(c));
      this.req.once('end', () => resolve(Buffer.concat(chunks)));
      this.req.once('error', reject);
    }));
  }

  async text(): Promise<string> {
    return (await this.buffer()).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = await this.buffer();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }

  /** A Fetch Request over the same body, streamed (multipart uploads, clone()). */
  private request(): Request {
    if (this.fetchRequest) return this.fetchRequest;
    const method = this.method;
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const body = hasBody ? (Readable.toWeb(this.req) as ReadableStream<Uint8Array>) : undefined;
    const init = { method, headers: this.headers, signal: this.signal, ...(body ? { body, duplex: 'half' } : {}) };
    return (this.fetchRequest = new Request(this.url, init as RequestInit));
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.request().body;
  }

  formData(): Promise<FormData> {
    return this.request().formData();
  }

  blob(): Promise<Blob> {
    return this.request().blob();
  }

  clone(): Request {
    return this.request().clone();
  }
}
