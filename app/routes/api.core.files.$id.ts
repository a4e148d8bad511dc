// GET /api/core/files/<id>: a stored file, to whoever may read the record it belongs to
// (an id that is not a positive integer names no file: 404 in the envelope).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { handleApi } from '@core/http/envelope.server';
import { getT } from '@core/i18n/i18n.server';
import { getRegistry } from '@core/registry.server';
import { openFile } from '@core/files/files.server';
import { idParam } from '@core/resource/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const t = await getT(request);
    const user = await requireUser(request);
    const { file, bytes } = await openFile(idParam(params.id, t), user, t, getRegistry().resources);
    const inline = new URL(request.url).searchParams.get('inline') === '1' && ['pdf', 'png', 'jpg'].includes(file.ext);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': file.mime,
        'Content-Length': String(bytes.length),
        'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="file.${file.ext}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });
