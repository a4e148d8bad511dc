// The code tables as pickers (`system.refCode.<type>`): the code with its meaning, in English
// where the table has the English meaning (Burmese falls back to it), Chinese otherwise.
import { describe, expect, it } from 'vitest';
import { localizeOption } from '../../core/resource/lookupLabels';
import { envelope, req, respond } from '../../tests/support/http';
import { loginAs } from '../../tests/support/session';
import { setUpTestDb } from '../../tests/support/suite';
import { loader as lookupLoader } from '../../app/routes/api.lookup.$name';
import system from './index';

setUpTestDb({ plugins: [system] });

const options = async (name: string) =>
  (await envelope(await respond(lookupLoader, req(`/api/lookup/${name}`, { cookie: await loginAs('admin') }), { name }))).data as Parameters<typeof localizeOption>[0][];

describe('code-table pickers', () => {
  it('offer each code with its Chinese and English meanings', async () => {
    expect((await options('system.refCode.CURRENCY')).find((o) => o.value === 'USD')).toEqual({ value: 'USD', label: 'USD 美元', labels: { en: 'USD US dollar' } });
    expect((await options('system.refCode.PAY_METHOD')).find((o) => o.value === 'TT')).toMatchObject({ labels: { en: 'TT Telegraphic transfer' } });
  });

  it('read in English in en and my, in Chinese in zh', async () => {
    const normal = (await options('system.refCode.URGENCY')).find((o) => o.value === 'NORMAL')!;
    expect(localizeOption(normal, 'en').label).toBe('NORMAL Normal');
    expect(localizeOption(normal, 'my').label).toBe('NORMAL Normal');
    expect(localizeOption(normal, 'zh').label).toBe('NORMAL 普通');
  });
});
