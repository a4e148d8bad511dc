// The layout's menu: an accordion of groups (one open at a time; collapsed to icons with an MUI
// tooltip each), sub-groups that open on their own, and links. Plain buttons and links styled by
// core/ui/layout.css (pl-* classes), not MUI list items nor emotion styles: the server renders
// it on every page, and twenty ListItemButtons (ripple, tooltip, icon and text components each)
// cost as much to render as the rest of the layout, and 16 kB of the page. Groups open and
// close without an animation (no Collapse).
import { useEffect, useMemo, useState } from 'react';
import { Link as RemixLink, useLocation } from '@remix-run/react';
import { Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { menuTrail, sidebarTree, type NavItem } from '../rbac/menu';
import { NamedIcon } from './icons';

/** Material's "expand more" (turned over when open), drawn by layout.css: an empty element, not an icon in every menu row. */
function Chevron() {
  return <span className="pl-chevron" aria-hidden="true" />;
}

export function Sidebar({ menus, open, onExpand }: { menus: NavItem[]; open: boolean; onExpand(): void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const groups = useMemo(() => sidebarTree(menus), [menus]);
  const activeGroup = groups.find((g) => menuTrail([g], location.pathname).length > 0)?.key ?? null;
  const [openGroup, setOpenGroup] = useState<string | null>(activeGroup);
  useEffect(() => {
    if (activeGroup) setOpenGroup(activeGroup);
  }, [activeGroup]);

  return (
    <nav className="pl-nav" data-testid="sidebar">
      {groups.map((g) => {
        const expanded = open && openGroup === g.key;
        const button = (
          <button
            type="button"
            className="pl-item pl-group"
            onClick={() => {
              if (!open) {
                onExpand();
                setOpenGroup(g.key);
                return;
              }
              // Accordion: opening one group closes the others.
              setOpenGroup(expanded ? null : g.key);
            }}
            data-active={!open && activeGroup === g.key ? '' : undefined}
            aria-expanded={expanded}
            data-testid={`menu-group-${g.key}`}
          >
            <span className="pl-icon">
              <NamedIcon name={g.icon} />
            </span>
            {open && <span className="pl-text">{t(g.titleKey)}</span>}
            {open && <Chevron />}
          </button>
        );
        return (
          <div key={g.key} data-menu-key={g.key}>
            {open ? (
              button
            ) : (
              <Tooltip title={t(g.titleKey)} placement="right">
                {button}
              </Tooltip>
            )}
            {expanded && (
              <div className="pl-children">
                {g.children.map((c) => (
                  <SidebarNode key={c.key} node={c} depth={1} />
                ))}
              </div>
            )}
          </div>
        );
      })}
    </nav>
  );
}

/** A menu entry under a group: a link, or a sub-group that opens on its own. */
function SidebarNode({ node, depth }: { node: NavItem; depth: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const inside = menuTrail([node], location.pathname).length > 0;
  const [open, setOpen] = useState(inside);
  const indent = { paddingLeft: (4.5 + depth * 2) * 8 };
  if (node.children.length) {
    return (
      <>
        <button type="button" className="pl-item" style={indent} onClick={() => setOpen(!open)} aria-expanded={open} data-testid={`menu-group-${node.key}`}>
          <span className="pl-text">{t(node.titleKey)}</span>
          <Chevron />
        </button>
        {open && node.children.map((c) => <SidebarNode key={c.key} node={c} depth={depth + 1} />)}
      </>
    );
  }
  const selected = location.pathname === node.path || location.pathname.startsWith(node.path + '/');
  return (
    <RemixLink to={node.path} prefetch="intent" className="pl-item" style={indent} aria-current={selected ? 'page' : undefined} data-testid={`menu-item-${node.key}`}>
      <span className="pl-text">{t(node.titleKey)}</span>
    </RemixLink>
  );
}
