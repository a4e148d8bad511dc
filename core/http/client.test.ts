// @vitest-environment node
// The API client: requests, envelope codes and transport errors (more in client.calls.test.ts).
import { beforeEach, describe, expect, it, vi, onTestFinished } from 'vitest';
import { MESSAGE_DURATION, buildQuery, createApiClient, joinUrl, type ApiError } from './client';
import { t, makeNotifier, makeFetch, json, setup, toasts, rejection, offline, type Handler } from './client.fixture';

describe('requests', () => {
  it('posts JSON under /api and resolves with the whole envelope', async () => {
    const { api, call, notifier } = setup(() => json({ code: 200, msg: 'ok', data: { token: 'abc' } }));
    const res = await api.post<{ token: string }>('login/auth', { user: 'admin', pass: 'x' });

    expect(res).toEqual({ code: 200, msg: 'ok', data: { token: 'abc' } });
    expect(res.data?.token).toBe('abc');
    const [url, init] = call();
    expect(url).toBe('/api/login/auth');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ user: 'admin', pass: 'x' }));
    expect(init.credentials).toBe('same-origin');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    });
    expect(notifier.toast).not.toHaveBeenCalled();
    expect(notifier.alert).not.toHaveBeenCalled();
  });

  it('resolves when the envelope has no code', async () => {
    const { api } = setup(() => json({ msg: 'fine', data: [1] }));
    await expect(api.get('x')).resolves.toEqual({ msg: 'fine', data: [1] });
  });

  it('joins urls with or without a leading slash, and honours baseUrl', async () => {
    const { api, call } = setup(() => json({ code: 200, msg: 'ok' }));
    await api.post('login/auth');
    await api.post('/login/auth');
    expect(call(0)[0]).toBe('/api/login/auth');
    expect(call(1)[0]).toBe('/api/login/auth');

    const other = setup(() => json({ code: 200, msg: 'ok' }), { baseUrl: '/decl-api/' });
    await other.api.get('/bill/list');
    expect(other.call()[0]).toBe('/decl-api/bill/list');

    expect(joinUrl('/api', '//a/b')).toBe('/api/a/b');
  });

  it('encodes the query: skips undefined/null, repeats array keys', async () => {
    const { api, call } = setup(() => json({ code: 200, msg: 'ok' }));
    await api.get('/goods/list', {
      page: 1,
      name: '大米 & 面',
      empty: '',
      skipped: undefined,
      nothing: null,
      ids: [3, 4, null],
      active: false,
    });
    const [url, init] = call();
    expect(url).toBe('/api/goods/list?page=1&name=%E5%A4%A7%E7%B1%B3+%26+%E9%9D%A2&empty=&ids=3&ids=4&active=false');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(new URL(url, 'http://x').searchParams.get('name')).toBe('大米 & 面');

    await api.get('/goods/list');
    expect(call(1)[0]).toBe('/api/goods/list');
    await api.get('/goods/list?lang=zh', { page: 2 });
    expect(call(2)[0]).toBe('/api/goods/list?lang=zh&page=2');
    expect(buildQuery({ a: undefined, b: null })).toBe('');
  });

  it('sends DELETE, PUT and PATCH with a JSON body', async () => {
    const { api, call } = setup(() => json({ code: 200, msg: 'ok' }));
    await api.del('/user/7', { reason: '离职' });
    await api.put('/user/7', { name: 'a' });
    await api.patch('/user/7', { name: 'b' });
    expect(call(0)[1]).toMatchObject({ method: 'DELETE', body: '{"reason":"离职"}' });
    expect(call(1)[1]).toMatchObject({ method: 'PUT', body: '{"name":"a"}' });
    expect(call(2)[1]).toMatchObject({ method: 'PATCH', body: '{"name":"b"}' });
  });

  it('merges per-call headers', async () => {
    const { api, call } = setup(() => json({ code: 200, msg: 'ok' }));
    await api.post('/x', {}, { headers: { 'X-Lang': 'my' } });
    expect(call()[1].headers).toMatchObject({ 'X-Lang': 'my', 'X-Requested-With': 'XMLHttpRequest' });
  });

  it('uses globalThis.fetch at call time when none is injected', async () => {
    const n = makeNotifier();
    const api = createApiClient({ notifier: n.notifier, t });
    const fake = makeFetch(() => json({ code: 200, msg: 'ok', data: 1 }));
    vi.stubGlobal('fetch', fake);
    onTestFinished(() => void vi.unstubAllGlobals());
    await expect(api.get('/ping')).resolves.toMatchObject({ data: 1 });
    expect(fake).toHaveBeenCalledOnce();
  });
});

describe('envelope codes (main)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('20011: warns with msg for 500 ms, then clears the session and reloads after 500 ms', async () => {
    const { api, notifier } = setup(() => json({ code: 20011, msg: '登录已过期，请重新登录' }, 401));
    const err = await rejection(api.get('/me'));

    expect(err).toMatchObject({ code: 20011, message: '登录已过期，请重新登录', handled: true });
    expect(toasts(notifier)).toEqual([{ message: '登录已过期，请重新登录', severity: 'warning', durationMs: MESSAGE_DURATION.notLoggedIn }]);
    expect(MESSAGE_DURATION.notLoggedIn).toBe(500);

    await vi.advanceTimersByTimeAsync(499);
    expect(notifier.clearSession).not.toHaveBeenCalled();
    expect(notifier.reload).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(notifier.clearSession).toHaveBeenCalledOnce();
    expect(notifier.reload).toHaveBeenCalledOnce();
    expect(notifier.clearSession.mock.invocationCallOrder[0]).toBeLessThan(notifier.reload.mock.invocationCallOrder[0]);
  });

  it('20011 on several requests at once: one message, one reload', async () => {
    const { api, notifier } = setup(() => json({ code: 20011, msg: '未登录' }));
    const errs = await Promise.all([rejection(api.get('/a')), rejection(api.get('/b')), rejection(api.post('/c'))]);
    expect(errs.map((e) => e.code)).toEqual([20011, 20011, 20011]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(notifier.toast).toHaveBeenCalledOnce();
    expect(notifier.clearSession).toHaveBeenCalledOnce();
    expect(notifier.reload).toHaveBeenCalledOnce();
  });

  it('505: shows an alert box with msg, no toast', async () => {
    const { api, notifier } = setup(() => json({ code: 505, msg: '该报关单已被锁定' }));
    const err = await rejection(api.post('/decl/submit', { id: 1 }));
    expect(notifier.alert).toHaveBeenCalledWith('该报关单已被锁定');
    expect(notifier.toast).not.toHaveBeenCalled();
    expect(err).toMatchObject({ code: 505, message: '该报关单已被锁定', handled: true });
  });

  it('500: error toast with msg for 5 s', async () => {
    const { api, notifier } = setup(() => json({ code: 500, msg: '车牌号不能为空' }));
    const err = await rejection(api.post('/vehicle/save', {}));
    expect(toasts(notifier)).toEqual([{ message: '车牌号不能为空', severity: 'error', durationMs: 5000 }]);
    expect(err).toMatchObject({ code: 500, message: '车牌号不能为空', handled: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(notifier.reload).not.toHaveBeenCalled();
  });

  it('any other code: error toast with msg for 5 s', async () => {
    const { api, notifier } = setup(() => json({ code: 40001, msg: '参数错误' }));
    const err = await rejection(api.get('/x'));
    expect(toasts(notifier)).toEqual([{ message: '参数错误', severity: 'error', durationMs: 5000 }]);
    expect(err.code).toBe(40001);
    expect(notifier.alert).not.toHaveBeenCalled();
  });

  it('an error code with an empty msg still tells the user something', async () => {
    const { api, notifier } = setup(() => json({ code: 500, msg: '' }));
    await rejection(api.get('/x'));
    expect(toasts(notifier)[0].message).toBe('系统接口500异常');
  });
});

describe('transport errors', () => {
  it('time-out: 系统接口请求超时 after 15 s when fetch never answers, and the request is aborted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let signal: AbortSignal | undefined;
    const { api, notifier, pendingNow } = setup((_, init) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>(() => {}); // never settles, ignores the signal
    });
    let settled = false;
    const p = api.get('/slow').finally(() => {
      settled = true;
    });
    p.catch(() => {});

    await vi.advanceTimersByTimeAsync(14_999);
    expect(settled).toBe(false);
    expect(notifier.toast).not.toHaveBeenCalled();
    expect(pendingNow()).toBe(1);

    await vi.advanceTimersByTimeAsync(1);
    const err = await rejection(p);
    expect(err).toMatchObject({ code: 'TIMEOUT', message: '系统接口请求超时', handled: true });
    expect(toasts(notifier)).toEqual([{ message: '系统接口请求超时', severity: 'error', durationMs: 5000 }]);
    expect(signal?.aborted).toBe(true);
    expect(pendingNow()).toBe(0);
  });

  it('time-out is configurable with timeoutMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, notifier } = setup(() => new Promise<Response>(() => {}), { timeoutMs: 2000 });
    const p = rejection(api.get('/slow'));
    await vi.advanceTimersByTimeAsync(2000);
    expect((await p).code).toBe('TIMEOUT');
    expect(toasts(notifier)[0].message).toBe('系统接口请求超时');
  });

  it('a fast answer clears the time-out: no late time-out toast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, notifier } = setup(() => json({ code: 200, msg: 'ok' }));
    await api.get('/fast');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(notifier.toast).not.toHaveBeenCalled();
  });

  it('an answer arriving after the time-out does not show a second message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer!: (r: Response) => void;
    const { api, notifier } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    const p = rejection(api.get('/slow'));
    await vi.advanceTimersByTimeAsync(15_000);
    expect((await p).code).toBe('TIMEOUT');
    answer(json({ code: 500, msg: '迟到的错误' }));
    await vi.advanceTimersByTimeAsync(10);
    expect(toasts(notifier).map((x) => x.message)).toEqual(['系统接口请求超时']);
  });

  // Failures shown as one error toast for 5 s: the message, and what the call rejects with.
  const gateway = () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
  const shown: [name: string, answer: Handler, message: string, error: Partial<ApiError>][] = [
    ['network error: 后端接口连接异常 for 5 s', offline, '后端接口连接异常', { code: 'NETWORK', message: '后端接口连接异常', handled: true }],
    ['HTTP 502 with an HTML body: 系统接口502异常 for 5 s', gateway, '系统接口502异常', { code: 502, status: 502, message: '系统接口502异常', handled: true }],
    ['HTTP 403 with an envelope body: shows its msg', () => json({ code: 403, msg: '没有权限访问该页面' }, 403), '没有权限访问该页面', { code: 403, status: 403 }],
    ['HTTP 404 with JSON that is not an envelope: status message', () => json({ error: 'not found' }, 404), '系统接口404异常', { code: 404 }],
    ['HTTP 500 claiming code 200 is still an error', () => json({ code: 200, msg: 'ok' }, 500), '系统接口500异常', { code: 500 }],
    ['HTTP 200 with a non-JSON body is reported, not resolved', () => new Response('<html>login</html>', { status: 200 }), '系统接口200异常', { code: 200 }],
  ];
  for (const [name, answer, message, error] of shown) {
    it(name, async () => {
      const { api, notifier } = setup(answer);
      const err = await rejection(api.get('/x'));
      expect(toasts(notifier)).toEqual([{ message, severity: 'error', durationMs: 5000 }]);
      expect(err).toMatchObject(error);
    });
  }

  it('the caller aborting is not reported to the user', async () => {
    const { api, notifier, pendingNow } = setup(() => new Promise<Response>(() => {}));
    const ctl = new AbortController();
    const p = rejection(api.get('/x', undefined, { signal: ctl.signal }));
    ctl.abort();
    const err = await p;
    expect(err.aborted).toBe(true);
    expect(notifier.toast).not.toHaveBeenCalled();
    expect(pendingNow()).toBe(0);
  });
});
