// POST /api/login/getInfo: the session's user, roles, menus and permissions.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '@core/auth/guard.server';
import { handleApi, ok } from '@core/http/envelope.server';

async function info(request: Request) {
  return handleApi(async () => {
    const user = await requireUser(request);
    const { isAdmin: _admin, ...rest } = user;
    return ok({ ...rest, userPermission: user.permissionList });
  });
}

export const action = ({ request }: ActionFunctionArgs) => info(request);
export const loader = ({ request }: LoaderFunctionArgs) => info(request);
