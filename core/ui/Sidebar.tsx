// The layout's menu: an accordion of groups (one open at a time; collapsed to icons with a
// tooltip each), sub-groups that open on their own, and links. Plain buttons and links styled by
// one class on the <nav>, not MUI list items: the server renders it on every page, and twenty
// ListItemButtons (ripple, tooltip, icon and text components each) cost as much to render as
// the rest of the layout, and 16 kB of the page.
import { useEffect, useMemo, useState } from 'react';
import { Link as RemixLink, useLocation } from '@remix-run/react';
import { Box, Collapse, Tooltip } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { menuTrail, sidebarTree, type NavItem } from '../rbac/menu';
import { NamedIcon } from './icons';

const SIDEBAR_SX = {
  '& .item': {
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    m: 0,
    border: 0,
    px: 2,
    py: 0.5,
    bgcolor: 'transparent',
    color: 'grey.300',
    font: 'inherit',
    typography: 'body2',
    textAlign: 'left',
    textDecoration: 'none',
    cursor: 'pointer',
    outline: 0,
    '&:hover, &:focus-visible': { bgcolor: 'rgba(255,255,255,0.08)' },
  },
  '& .group': { minHeight: 44, color: 'grey.100' },
  '& .group[data-active]': { bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) },
  '& .icon': { display: 'inline-flex', flexShrink: 0, minWidth: 36, color: 'grey.300' },
  '& .text': { flex: '1 1 auto', minWidth: 0, my: 0.5 },
  '& .chevron': { width: 20, height: 20, flexShrink: 0, fill: 'currentColor' },
  '& [aria-expanded=true] > .chevron': { transform: 'rotate(180deg)' },
  '& .children': { bgcolor: 'rgba(0,0,0,0.18)' },
  '& a.item[aria-current=page]': { color: '#fff', bgcolor: 'primary.main' },
} as const;

/** Material's "expand more" (turned over when open): a plain <svg>, not an icon component. */
function Chevron() {
  return (
    <svg className="chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
    </svg>
  );
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
    <Box component="nav" data-testid="sidebar" sx={SIDEBAR_SX}>
      {groups.map((g) => {
        const expanded = open && openGroup === g.key;
        const button = (
          <button
            type="button"
            className="item group"
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
            <span className="icon">
              <NamedIcon name={g.icon} />
            </span>
            {open && <span className="text">{t(g.titleKey)}</span>}
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
            <Collapse in={expanded} timeout="auto" unmountOnExit>
              <div className="children">
                {g.children.map((c) => (
                  <SidebarNode key={c.key} node={c} depth={1} />
                ))}
              </div>
            </Collapse>
          </div>
        );
      })}
    </Box>
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
        <button type="button" className="item" style={indent} onClick={() => setOpen(!open)} aria-expanded={open} data-testid={`menu-group-${node.key}`}>
          <span className="text">{t(node.titleKey)}</span>
          <Chevron />
        </button>
        <Collapse in={open} timeout="auto" unmountOnExit>
          {node.children.map((c) => (
            <SidebarNode key={c.key} node={c} depth={depth + 1} />
          ))}
        </Collapse>
      </>
    );
  }
  const selected = location.pathname === node.path || location.pathname.startsWith(node.path + '/');
  return (
    <RemixLink to={node.path} prefetch="intent" className="item" style={indent} aria-current={selected ? 'page' : undefined} data-testid={`menu-item-${node.key}`}>
      <span className="text">{t(node.titleKey)}</span>
    </RemixLink>
  );
}
