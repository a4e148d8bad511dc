// A stand-in for what a beforeAll makes (a database, a browser): a test file holds it from the
// start, and each property read or call goes to the live object once it exists. Properties of
// `own` are answered by `own` itself (what the set-up adds, such as sessions).
export function live<T extends object>(get: () => T | undefined, what: string, own: object = {}): T {
  const target = (): T => {
    const v = get();
    if (!v) throw new Error(`the ${what} is made in beforeAll: use it inside hooks and tests`);
    return v;
  };
  return new Proxy(function () {} as unknown as T, {
    get: (_t, key) => {
      if (key in own) return Reflect.get(own, key);
      const t = target();
      const v = Reflect.get(t, key);
      // A class's methods (a browser's) run on the real object; own values (a knex handle) as they are.
      return typeof v === 'function' && !Object.prototype.hasOwnProperty.call(t, key) ? v.bind(t) : v;
    },
    apply: (_t, _this, args: unknown[]) => (target() as unknown as (...a: unknown[]) => unknown)(...args),
  });
}
