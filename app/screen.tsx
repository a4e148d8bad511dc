// The one route module of every declared screen (`screens` of a plugin or area, see ScreenDef in
// core/plugin.ts). Remix keys routes by id, so remix.config.js mounts this file once per screen,
// each under its own id and static path (rather than one catch-all below the main layout, which
// would answer unknown paths in place of the 404 route and hide which screens exist from the
// route table); the loader finds the screen by that path in the registry, the page renders its
// resource's declaration from app/screens.ts with the screen's own parts (ScreenDef.ui).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData, type ClientLoaderFunctionArgs } from '@remix-run/react';
import { requestContext } from '@core/context.server';
import { getRegistry } from '@core/registry.server';
import { resourcePageData, rowsPageData } from '@core/resource/page.server';
import { DocumentEditor } from '@core/ui/document/DocumentEditor';
import { pageAction, pageLoader } from '@core/ui/pageData';
import { ResourcePage } from '@core/ui/resource/ResourcePage';
import { ScreenTabs } from '@core/ui/resource/ScreenTabs';
import type { ResourcePageData, ScreenUi } from '@core/ui/resource/types';
import type { ResourceDef } from '@core/resource/define';
import { screenAt } from './screens';
import { loadScreenUi, screenUi } from './screenUi';

const pathOf = (url: string) => new URL(url).pathname.replace(/(.)\/+$/, '$1');
// From this bundle's declarations: the registry's may come from another module graph (server.ts loads the plugins itself).
const loadParts = (path: string) => loadScreenUi(path, screenAt(path)?.ui);

// The page the browser opens: its parts load along with this module (the entry waits for them).
if (typeof window !== 'undefined') void loadParts(pathOf(window.location.href));

function registered(request: Request) {
  const entry = getRegistry().screens.get(pathOf(request.url));
  if (!entry) throw new Response('Not Found', { status: 404 });
  return entry;
}

export async function loader(args: LoaderFunctionArgs) {
  const { screen, resource, tabs } = registered(args.request);
  const ctx = await requestContext(args, { menu: resource.def.menu, permission: resource.def.permissions.list });
  const asked = new URL(args.request.url).searchParams.get('tab') ?? '';
  const tab = tabs.size ? (tabs.has(asked) ? asked : screen.tabs![0].key) : undefined;
  const shown = tab ? tabs.get(tab)! : resource;
  const rows = await shown.screen?.rows?.(ctx);
  const list = rows ? await rowsPageData(shown.def, rows, ctx.request, ctx.user) : await resourcePageData(shown, ctx.request, { variant: screen.variant });
  const extra = await resource.screen?.data?.(ctx, shown === resource ? rows : undefined, list);
  // Fields linking to a plugin that is not installed (FieldDef.service) are left out of the page.
  const absentFields = shown.def.fields.filter((f) => f.service && !ctx.services.hasService(f.service)).map((f) => f.name);
  await loadParts(`/${screen.path}`);
  const lists = tab ? { tab, ...Object.fromEntries([...tabs.keys()].map((k) => [k, k === tab ? list : null])) } : list;
  return { screen: `/${screen.path}`, absentFields, ...lists, ...extra };
}

// Unreachable app: the spec's toast, the page kept (core/ui/pageData.ts).
export const clientLoader = pageLoader(async ({ request, serverLoader }: ClientLoaderFunctionArgs) => {
  const [data] = await Promise.all([serverLoader<typeof loader>(), loadParts(pathOf(request.url))]);
  return data;
});

/** A form post to the screen (run a job, sign a session out): the screen's menu, the permission the post needs, then the resource's screen action. */
export async function action(args: ActionFunctionArgs) {
  const { resource } = registered(args.request);
  const act = resource.screen?.action;
  if (!act) throw new Response('Method Not Allowed', { status: 405 });
  const form = await args.request.formData();
  return act.run(await requestContext(args, { menu: resource.def.menu, permission: act.permission(form) }), form);
}

export const clientAction = pageAction();

const noParts: ScreenUi = () => ({});

type Data = ResourcePageData & { screen: string; tab?: string; absentFields: string[] } & Record<string, unknown>;

const without = (def: ResourceDef, absent: string[]): ResourceDef => (absent.length ? { ...def, fields: def.fields.filter((f) => !absent.includes(f.name)) } : def);

function Screen({ data }: { data: Data }) {
  const screen = screenAt(data.screen)!;
  const { header, dialogs, sections, ...parts } = (screenUi(data.screen) ?? noParts)(data);
  const tab = data.tab ? screen.tabs!.find((x) => x.key === data.tab)! : null;
  const document = !tab && screen.document;
  return (
    <>
      {screen.tabs && <ScreenTabs tabs={screen.tabs} value={data.tab!} />}
      {header}
      <ResourcePage
        def={without(tab?.resource ?? screen.resource, data.absentFields)}
        data={tab ? (data[tab.key] as ResourcePageData) : data}
        renderForm={document ? ({ row, onClose, onSaved }) => <DocumentEditor doc={document} row={row} lookups={data.lookups} sections={sections} onClose={onClose} onSaved={onSaved} /> : undefined}
        {...parts}
      />
      {dialogs}
    </>
  );
}

export default function ScreenPage() {
  const data = useLoaderData<typeof loader>() as unknown as Data;
  // Keyed by screen and tab: two screens are the same component here, with their own parts, and moving between them must start afresh.
  return <Screen key={`${data.screen}?${data.tab ?? ''}`} data={data} />;
}
