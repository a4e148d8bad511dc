// @vitest-environment node
// The API client: the loading counter, silent calls, the declaration variant and downloads.
import { describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGE_DURATION, parseContentDisposition } from './client';
import { json, setup, toasts, rejection, failingAnswers, Handler } from './client.fixture';

describe('loading overlay counter', () => {
  it('goes +1 then -1 on success', async () => {
    let seenDuring = 0;
    const { api, pendingLog, pendingNow } = setup(() => {
      seenDuring = pendingNow();
      return json({ code: 200, msg: 'ok' });
    });
    await api.get('/x');
    expect(seenDuring).toBe(1);
    expect(pendingLog).toEqual([1, -1]);
  });

  it('is balanced on envelope errors, HTTP errors and network errors', async () => {
    const { api, pendingLog, pendingNow } = setup(failingAnswers());
    for (let i = 0; i < 4; i++) await rejection(api.get('/x'));
    expect(pendingLog).toEqual([1, -1, 1, -1, 1, -1, 1, -1]);
    expect(pendingNow()).toBe(0);
  });

  it('counts overlapping requests', async () => {
    const resolvers: Array<(r: Response) => void> = [];
    const { api, pendingNow } = setup(() => new Promise<Response>((r) => resolvers.push(r)));
    const a = api.get('/a');
    const b = api.get('/b');
    expect(pendingNow()).toBe(2);
    resolvers[0](json({ code: 200, msg: 'ok' }));
    await a;
    expect(pendingNow()).toBe(1);
    resolvers[1](json({ code: 200, msg: 'ok' }));
    await b;
    expect(pendingNow()).toBe(0);
  });
});

describe('silent calls', () => {
  it('show no toast or alert and do not touch the overlay, but still reject with ApiError', async () => {
    const { api, notifier, pendingLog } = setup(failingAnswers(['出错了', '提示'], 503));
    const errs: ApiError[] = [];
    for (let i = 0; i < 4; i++) errs.push(await rejection(api.get('/poll', undefined, { silent: true })));
    expect(errs.map((e) => e.code)).toEqual([500, 505, 503, 'NETWORK']);
    expect(errs.every((e) => e.handled === false)).toBe(true);
    expect(notifier.toast).not.toHaveBeenCalled();
    expect(notifier.alert).not.toHaveBeenCalled();
    expect(pendingLog).toEqual([]);
  });

  it('a silent time-out is not shown either', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, notifier } = setup(() => new Promise<Response>(() => {}));
    const p = rejection(api.get('/poll', undefined, { silent: true }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect((await p).code).toBe('TIMEOUT');
    expect(notifier.toast).not.toHaveBeenCalled();
  });

  it('a silent success resolves normally', async () => {
    const { api, pendingLog } = setup(() => json({ code: 200, msg: 'ok', data: 5 }));
    await expect(api.get('/poll', undefined, { silent: true })).resolves.toMatchObject({ data: 5 });
    expect(pendingLog).toEqual([]);
  });
});

describe('background calls', () => {
  it('leave the overlay alone but show their failures as any call does', async () => {
    const { api, notifier, pendingLog } = setup(failingAnswers(['出错了', '提示'], 502));
    const errs: ApiError[] = [];
    for (let i = 0; i < 4; i++) errs.push(await rejection(api.get('/core/badges', undefined, { background: true })));
    expect(errs.map((e) => e.code)).toEqual([500, 505, 502, 'NETWORK']);
    expect(errs.every((e) => e.handled)).toBe(true);
    expect(toasts(notifier).map((x) => x.message)).toEqual(['出错了', '系统接口502异常', '后端接口连接异常']);
    expect(notifier.alert).toHaveBeenCalledWith('提示');
    expect(pendingLog).toEqual([]);
  });
});

describe('networkFailure', () => {
  it('shows what a request outside the client met when the app could not be reached: 后端接口连接异常 for 5 s', () => {
    const { api, notifier } = setup(() => json({ code: 200, msg: 'ok' }));
    const err = api.networkFailure();
    expect(err).toMatchObject({ code: 'NETWORK', handled: true });
    expect(toasts(notifier)).toEqual([{ message: '后端接口连接异常', severity: 'error', durationMs: 5000 }]);
  });
});

describe('declaration variant', () => {
  const decl = (handler: Handler) => setup(handler, { variant: 'declaration' });

  it('code 1000 resolves with the whole body', async () => {
    const { api } = decl(() => json({ code: 1000, msg: '成功', data: { id: 9 } }));
    await expect(api.post('/decl/save', {})).resolves.toEqual({ code: 1000, msg: '成功', data: { id: 9 } });
  });

  it('code 100 resolves with data only', async () => {
    const { api } = decl(() => json({ code: 100, msg: 'ok', data: [{ id: 1 }, { id: 2 }] }));
    await expect(api.get('/decl/list')).resolves.toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('any other code: error toast with msg for 3 s', async () => {
    const { api, notifier } = decl(() => json({ code: 200, msg: '报关单号重复' }));
    const err = await rejection(api.post('/decl/save', {}));
    expect(toasts(notifier)).toEqual([{ message: '报关单号重复', severity: 'error', durationMs: MESSAGE_DURATION.declarationError }]);
    expect(MESSAGE_DURATION.declarationError).toBe(3000);
    expect(err).toMatchObject({ code: 200, handled: true });
    expect(notifier.alert).not.toHaveBeenCalled();
    expect(notifier.reload).not.toHaveBeenCalled();
  });

  it('waits an hour before timing out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, notifier } = decl(() => new Promise<Response>(() => {}));
    let settled = false;
    const p = rejection(
      api.post('/decl/import', {}).finally(() => {
        settled = true;
      }),
    );
    await vi.advanceTimersByTimeAsync(15_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(3_600_000 - 15_000 - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await p).code).toBe('TIMEOUT');
    expect(toasts(notifier)).toEqual([{ message: '系统接口请求超时', severity: 'error', durationMs: 5000 }]);
  });
});

describe('download', () => {
  const file = (headers: Record<string, string>, content = 'PK\u0003\u0004') => new Response(content, { status: 200, headers: { 'Content-Type': 'application/octet-stream', ...headers } });

  it('GETs with the query and returns the blob with the RFC 5987 filename', async () => {
    const { api, call, notifier } = setup(() =>
      file({
        'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('报关单 2024.xlsx')}`,
      }),
    );
    const { blob, filename } = await api.download('/decl/export', { ids: [1, 2], month: '2024-05' });
    expect(filename).toBe('报关单 2024.xlsx');
    expect(await blob.text()).toBe('PK\u0003\u0004');
    expect(call()[0]).toBe('/api/decl/export?ids=1&ids=2&month=2024-05');
    expect(call()[1].method).toBe('GET');
    expect(notifier.toast).not.toHaveBeenCalled();
  });

  it('reads plain and missing filenames', async () => {
    const heads: Array<Record<string, string>> = [{ 'Content-Disposition': 'attachment; filename="report (1).csv"' }, {}];
    const { api } = setup(() => file(heads.shift()!));
    expect((await api.download('/a')).filename).toBe('report (1).csv');
    expect((await api.download('/b')).filename).toBeNull();
  });

  it('an envelope instead of a file is shown as an error', async () => {
    const { api, notifier } = setup(() => json({ code: 500, msg: '没有可导出的数据' }));
    await rejection(api.download('/decl/export'));
    expect(toasts(notifier)).toEqual([{ message: '没有可导出的数据', severity: 'error', durationMs: 5000 }]);
  });

  it('an HTTP error is shown with its status', async () => {
    const { api, notifier } = setup(() => new Response('oops', { status: 500 }));
    await rejection(api.download('/decl/export'));
    expect(toasts(notifier)[0].message).toBe('系统接口500异常');
  });
});

describe('parseContentDisposition', () => {
  it.each([
    [`attachment; filename*=UTF-8''%E6%B8%85%E5%8D%95.pdf`, '清单.pdf'],
    [`attachment; filename*=utf-8'zh'%E6%B8%85%E5%8D%95.pdf; filename="x.pdf"`, '清单.pdf'],
    [`attachment; filename="x.pdf"; filename*=UTF-8''a%20b.pdf`, 'a b.pdf'],
    [`attachment; filename*=ISO-8859-1''caf%E9.txt`, 'café.txt'],
    [`attachment; filename=plain.txt`, 'plain.txt'],
    [`attachment; filename="with \\"quote\\".txt"`, 'with "quote".txt'],
    [`attachment; filename="%E6%B8%85%E5%8D%95.pdf"`, '清单.pdf'],
    [`attachment; filename*=UTF-8''%E0%A4%A.pdf`, '%E0%A4%A.pdf'],
    ['attachment', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (header, expected) => {
    expect(parseContentDisposition(header)).toBe(expected);
  });
});
