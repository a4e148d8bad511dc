// The declaration platform's existing client speaks another envelope (SPEC §8 "another
// client variant"): code 100 = success, read `data`; code 1000 = success, read the whole
// body (lists: rows and total at the top level). Errors keep the main codes and messages.
// Routes serving that client call the main handlers and convert the answer here.
export const VARIANT_CODE = { DATA: 100, WHOLE: 1000 } as const;

export async function toVariantEnvelope(res: Response, opts: { whole?: boolean } = {}): Promise<Response> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return res; // files pass through
  const body = (await res.json()) as { code?: number; msg?: string; data?: unknown };
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  let out: Record<string, unknown> = body as Record<string, unknown>;
  if (body.code === 200) {
    out =
      opts.whole && body.data && typeof body.data === 'object' && !Array.isArray(body.data)
        ? { code: VARIANT_CODE.WHOLE, msg: body.msg ?? '', ...(body.data as Record<string, unknown>) }
        : { code: VARIANT_CODE.DATA, msg: body.msg ?? '', data: body.data ?? null };
  }
  return new Response(JSON.stringify(out), { status: res.status, headers });
}
