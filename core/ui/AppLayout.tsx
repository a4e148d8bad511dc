// The main layout: sidebar (accordion, one open group, state in the sidebarStatus cookie),
// top bar (breadcrumb, plugin badges, language, user menu), watermarked main area.
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link as RemixLink, useFetcher, useLocation } from '@remix-run/react';
import { Alert, AppBar, Badge, Box, Breadcrumbs, Divider, Drawer, IconButton, Link, Menu, MenuItem as MuiMenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Translate from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { LANG_LABELS, LANGS, type Lang } from '../i18n/i18n';
import { menuTrail, type NavItem } from '../rbac/menu';
import type { BadgeView } from '../plugin';
import { BadgeListDialog } from './BadgeListDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { NamedIcon } from './icons';
import { LoadingOverlay } from './LoadingOverlay';
import { Sidebar } from './Sidebar';
import { useOpenedOnce } from './useOpenedOnce';
import { Watermark } from './Watermark';

export const SIDEBAR_COOKIE = 'sidebarStatus';
const WIDE = 232;
const NARROW = 60;

export interface LayoutUser {
  id: number;
  username: string;
  nickname: string;
  mobile: string | null;
}

export interface AppLayoutProps {
  user: LayoutUser;
  menus: NavItem[];
  badges: BadgeView[];
  sidebarOpen: boolean;
  welcome: boolean;
  lang: Lang;
  children: ReactNode;
}

function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${open ? 1 : 0}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function useBadges(initial: BadgeView[]): BadgeView[] {
  const fetcher = useFetcher<{ code: number; data?: BadgeView[] }>({ key: 'bg:badges' });
  useEffect(() => {
    if (!initial.length) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') fetcher.load('/api/core/badges');
    }, 60_000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial.length]);
  return fetcher.data?.data ?? initial;
}

export function AppLayout({ user, menus, badges: initialBadges, sidebarOpen, welcome, lang, children }: AppLayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(sidebarOpen);
  const [userMenu, setUserMenu] = useState<HTMLElement | null>(null);
  const [langMenu, setLangMenu] = useState<HTMLElement | null>(null);
  const [pwOpen, setPwOpen] = useState(false);
  const [badgeOpen, setBadgeOpen] = useState<string | null>(null);
  const [showWelcome, setShowWelcome] = useState(welcome);
  const badges = useBadges(initialBadges);
  const langMenuMounted = useOpenedOnce(!!langMenu);
  const userMenuMounted = useOpenedOnce(!!userMenu);
  const pwMounted = useOpenedOnce(pwOpen);
  const badgeMounted = useOpenedOnce(badgeOpen !== null);
  const trail = menuTrail(menus, location.pathname);
  const width = open ? WIDE : NARROW;

  const toggle = (next = !open) => {
    setOpen(next);
    writeSidebarCookie(next);
  };

  useEffect(() => {
    if (!showWelcome) return;
    const timer = window.setTimeout(() => setShowWelcome(false), 8000);
    return () => window.clearTimeout(timer);
  }, [showWelcome]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }} data-sidebar-open={open ? '1' : '0'}>
      <Drawer variant="permanent" sx={{ width, flexShrink: 0, '& .MuiDrawer-paper': { width, bgcolor: '#1d2b3a', color: 'grey.100', overflowX: 'hidden', transition: 'width .2s' } }}>
        <Toolbar sx={{ px: open ? 2 : 1, gap: 1 }}>
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
          {open && (
            <Typography variant="subtitle2" noWrap sx={{ fontWeight: 700 }}>
              {t('core:app.shortName')}
            </Typography>
          )}
        </Toolbar>
        <Divider sx={{ borderColor: 'rgba(255,255,255,0.08)' }} />
        <Sidebar menus={menus} open={open} onExpand={() => toggle(true)} />
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar variant="dense" sx={{ gap: 1 }}>
            <IconButton edge="start" onClick={() => toggle()} aria-label={t('core:layout.toggleSidebar')} data-testid="sidebar-toggle">
              <MenuIcon />
            </IconButton>
            <Breadcrumbs sx={{ flexGrow: 1, minWidth: 0 }} data-testid="breadcrumb">
              <Link component={RemixLink} to="/dashboard" underline="hover" color="inherit">
                {t('core:menu.dashboard')}
              </Link>
              {trail.map((m, i) => (
                <Typography key={m.key} color={i === trail.length - 1 ? 'text.primary' : 'text.secondary'} sx={{ fontSize: 'inherit' }}>
                  {t(m.titleKey)}
                </Typography>
              ))}
            </Breadcrumbs>
            {badges.map((b) => (
              <Tooltip key={b.key} title={t(b.titleKey)}>
                <IconButton
                  component={b.href && !b.list ? RemixLink : 'button'}
                  to={b.list ? undefined : b.href}
                  onClick={b.list ? () => setBadgeOpen(b.key) : undefined}
                  aria-haspopup={b.list ? 'dialog' : undefined}
                  data-testid={`badge-${b.key}`}
                  aria-label={t(b.titleKey)}
                >
                  <Badge badgeContent={b.count} color="error" max={999}>
                    <NamedIcon name={b.icon} fontSize="medium" />
                  </Badge>
                </IconButton>
              </Tooltip>
            ))}
            <Tooltip title={t('core:layout.language')}>
              <IconButton onClick={(e) => setLangMenu(e.currentTarget)} data-testid="language-button">
                <Translate />
              </IconButton>
            </Tooltip>
            {langMenuMounted && (
              <Menu anchorEl={langMenu} open={!!langMenu} onClose={() => setLangMenu(null)}>
                {LANGS.map((l) => (
                  <MuiMenuItem key={l} component="a" href={`${location.pathname}?lng=${l}`} selected={l === lang} data-testid={`lang-${l}`}>
                    {LANG_LABELS[l]}
                  </MuiMenuItem>
                ))}
              </Menu>
            )}
            <Box
              component="button"
              onClick={(e: React.MouseEvent<HTMLElement>) => setUserMenu(e.currentTarget)}
              data-testid="user-menu-button"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, border: 0, bgcolor: 'transparent', cursor: 'pointer', font: 'inherit' }}
            >
              <AccountCircle color="action" />
              <Typography variant="body2" noWrap title={user.nickname} sx={{ maxWidth: 180 }}>
                {user.nickname}
              </Typography>
            </Box>
            {userMenuMounted && (
              <Menu anchorEl={userMenu} open={!!userMenu} onClose={() => setUserMenu(null)}>
                <MuiMenuItem component={RemixLink} to="/dashboard" onClick={() => setUserMenu(null)}>
                  {t('core:menu.dashboard')}
                </MuiMenuItem>
                <MuiMenuItem component={RemixLink} to="/" onClick={() => setUserMenu(null)}>
                  {t('core:layout.home')}
                </MuiMenuItem>
                <MuiMenuItem
                  onClick={() => {
                    setUserMenu(null);
                    setPwOpen(true);
                  }}
                  data-testid="menu-change-password"
                >
                  {t('core:password.title')}
                </MuiMenuItem>
                <Form method="post" action="/logout" reloadDocument>
                  <MuiMenuItem component="button" type="submit" sx={{ width: '100%' }} data-testid="menu-logout">
                    {t('core:layout.logout')}
                  </MuiMenuItem>
                </Form>
              </Menu>
            )}
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ position: 'relative', flexGrow: 1, p: 2 }}>
          <Watermark label={`${user.nickname} ${user.username}`} />
          {showWelcome && (
            <Alert severity="success" onClose={() => setShowWelcome(false)} sx={{ mb: 2 }} data-testid="welcome-banner">
              {t('core:layout.welcome', { name: user.nickname })}
            </Alert>
          )}
          {children}
        </Box>
      </Box>
      {badgeMounted &&
        badges.map((b) => (b.list ? <BadgeListDialog key={b.key} badgeKey={b.key} title={t(b.titleKey)} list={b.list} open={badgeOpen === b.key} onClose={() => setBadgeOpen(null)} /> : null))}
      {pwMounted && <ChangePasswordDialog open={pwOpen} onClose={() => setPwOpen(false)} userId={user.id} mobile={user.mobile} />}
      <LoadingOverlay />
    </Box>
  );
}

/** The second layout: only the main area (print views, embedded screens). */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ p: 2 }}>
      {children}
      <LoadingOverlay />
    </Box>
  );
}
