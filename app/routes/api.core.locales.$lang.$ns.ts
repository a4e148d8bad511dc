// GET /api/core/locales/<lang>/<ns>?v=<hash>: one namespace's texts in one language, which the
// browser loads before it renders (core/i18n/bundles.ts). Public (the sign-in page needs them);
// with the current hash the answer is immutable, so each browser fetches it once per change.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError, CODE, handleApi, ok } from '@core/http/envelope.server';
import { getT, localeVersions } from '@core/i18n/i18n.server';
import { isLang } from '@core/i18n/i18n';
import { getRegistry } from '@core/registry.server';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const { lang, ns = '' } = params;
    const namespaces = isLang(lang) ? getRegistry().locales(lang) : {};
    const texts = Object.hasOwn(namespaces, ns) ? namespaces[ns] : undefined;
    if (!isLang(lang) || !texts) throw new ApiError((await getT(request))('core:http.apiNotFound'), CODE.NOT_FOUND, 404);
    const current = new URL(request.url).searchParams.get('v') === localeVersions(lang)[ns];
    return ok(texts, 'ok', { headers: { 'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache' } });
  });
