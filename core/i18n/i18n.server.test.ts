// The server's translate function keeps plain lookups; what it answers is i18next's own answer.
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';
import { memoiseTranslations } from './i18n.server';

const texts = { zh: { core: { saved: '保存成功', hello: '你好 {{name}}', list: { a: '甲' } } }, en: { core: { saved: 'Saved' } } };

describe('memoiseTranslations', () => {
  it('answers as i18next does: plain keys (also through a fixed t) from memory, the rest from i18next each time', () => {
    const inst = createI18n('zh', texts);
    const spy = vi.spyOn(inst, 't');
    memoiseTranslations(inst);
    const t = inst.getFixedT('zh');
    expect(t('core:saved')).toBe('保存成功');
    expect(t('core:saved')).toBe('保存成功');
    expect(inst.t('core:saved')).toBe('保存成功');
    expect(spy).toHaveBeenCalledTimes(2); // the fixed t's options and none: two keys
    expect(inst.getFixedT('en')('core:saved')).toBe('Saved');
    expect(t('saved', { ns: 'core' })).toBe('保存成功');
    expect(t('core:hello', { name: '王' })).toBe('你好 王');
    expect(t('core:hello', { name: '李' })).toBe('你好 李');
    expect(t(['core:missing', 'core:saved'])).toBe('保存成功');
    expect(t('core:missing', '默认')).toBe('默认');
    expect(t('core:list', { returnObjects: true })).toEqual({ a: '甲' });
    expect(spy).toHaveBeenCalledTimes(9);
  });
});

describe('getLang', () => {
  const req = (url: string, cookie?: string) => new Request(`http://x${url}`, { headers: cookie ? { cookie } : {} });
  // Remix's cookie value: base64 of the JSON string.
  const lng = (l: string) => `lng=${btoa(JSON.stringify(l))}`;

  it('takes ?lng= first, then the lng cookie wherever it sits among the others, else zh', async () => {
    const { getLang } = await import('./i18n.server');
    expect(await getLang(req('/a'))).toBe('zh');
    expect(await getLang(req('/a', `sid=abc; ${lng('en')}`))).toBe('en');
    expect(await getLang(req('/a', `${lng('my')}; sid=abc`))).toBe('my');
    expect(await getLang(req('/a', `sid=def; ${lng('my')}`))).toBe('my');
    expect(await getLang(req('/a', `xlng=${btoa('"en"')}; sid=abc`))).toBe('zh');
    expect(await getLang(req('/a?lng=en', `${lng('my')}`))).toBe('en');
    expect(await getLang(req('/a?lng=xx'))).toBe('zh');
  });
});
