// The main layout: sidebar (accordion, one open group, state in the sidebarStatus cookie),
// top bar (breadcrumb, plugin badges, language, user menu), watermarked main area.
// The chrome is plain elements styled by core/ui/layout.css (pl-* classes), which looks as
// MUI's Drawer, AppBar, Toolbar, IconButton, Breadcrumbs and Badge did: the server renders it
// on every page, and those components' emotion styles cost about 5 ms of CPU per page.
// The popups (language and user menus, dialogs, the welcome alert) stay MUI: they are only
// rendered once opened.
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link as RemixLink, useLocation } from '@remix-run/react';
import { Alert, Menu, MenuItem as MuiMenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANG_LABELS, LANGS, type Lang } from '../i18n/i18n';
import { menuTrail, type NavItem } from '../rbac/menu';
import type { BadgeView } from '../plugin';
import { BadgeListDialog } from './BadgeListDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { NamedIcon } from './icons';
import { LoadingOverlay } from './LoadingOverlay';
import { Sidebar } from './Sidebar';
import { useApiData } from './useApiData';
import { useOpenedOnce } from './useOpenedOnce';
import { usePhoneMenu } from './usePhoneMenu';
import { Watermark } from './Watermark';

export const SIDEBAR_COOKIE = 'sidebarStatus';
const BADGE_MAX = 999;

/** A fixed Material icon of the app bar (path data from @mui/icons-material 9.5) as a plain <svg>. */
function BarIcon({ d, className = 'pl-svg' }: { d: string; className?: string }) {
  return (
    <svg className={className} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
      <path d={d} />
    </svg>
  );
}
const MENU_ICON = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';
const TRANSLATE_ICON =
  'm12.87 15.07-2.54-2.51.03-.03c1.74-1.94 2.98-4.17 3.71-6.53H17V4h-7V2H8v2H1v1.99h11.17C11.5 7.92 10.44 9.75 9 11.35 8.07 10.32 7.3 9.19 6.69 8h-2c.73 1.63 1.73 3.17 2.98 4.56l-5.09 5.02L4 19l5-5 3.11 3.11zM18.5 10h-2L12 22h2l1.12-3h4.75L21 22h2zm-2.62 7 1.62-4.33L19.12 17z';
const ACCOUNT_CIRCLE_ICON =
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 4c1.93 0 3.5 1.57 3.5 3.5S13.93 13 12 13s-3.5-1.57-3.5-3.5S10.07 6 12 6m0 14c-2.03 0-4.43-.82-6.14-2.88C7.55 15.8 9.68 15 12 15s4.45.8 6.14 2.12C16.43 19.18 14.03 20 12 20';

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
  /** How often the badge counts are refreshed (core/badges.server.ts, badgePollMs). */
  badgePollMs: number;
  sidebarOpen: boolean;
  welcome: boolean;
  lang: Lang;
  children: ReactNode;
}

function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${open ? 1 : 0}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The badges, their counts refreshed every `pollMs` while the tab is visible (GET /api/core/badges). */
function useBadges(initial: BadgeView[], pollMs: number): BadgeView[] {
  const { answer, load } = useApiData<BadgeView[]>();
  useEffect(() => {
    if (!initial.length) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') load('/core/badges');
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [initial.length, pollMs, load]);
  return answer?.data ?? initial;
}

export function AppLayout({ user, menus, badges: initialBadges, badgePollMs, sidebarOpen, welcome, lang, children }: AppLayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(sidebarOpen);
  const [userMenu, setUserMenu] = useState<HTMLElement | null>(null);
  const [langMenu, setLangMenu] = useState<HTMLElement | null>(null);
  const [pwOpen, setPwOpen] = useState(false);
  const [badgeOpen, setBadgeOpen] = useState<string | null>(null);
  const [showWelcome, setShowWelcome] = useState(welcome);
  const badges = useBadges(initialBadges, badgePollMs);
  const langMenuMounted = useOpenedOnce(!!langMenu);
  const userMenuMounted = useOpenedOnce(!!userMenu);
  const pwMounted = useOpenedOnce(pwOpen);
  const badgeMounted = useOpenedOnce(badgeOpen !== null);
  const trail = menuTrail(menus, location.pathname);
  const phoneMenu = usePhoneMenu(location.pathname);

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
    <div className={open ? 'pl-root' : 'pl-root pl-narrow'} data-sidebar-open={open ? '1' : '0'} data-phone-menu={phoneMenu.open ? '1' : '0'}>
      <aside className="pl-dock">
        <div className="pl-drawer">
          <div className="pl-brand">
            <img className="pl-logo" src="/favicon.svg" alt="" />
            {(open || phoneMenu.open) && <h6 className="pl-brand-name">{t('core:app.shortName')}</h6>}
          </div>
          <hr className="pl-divider" />
          <Sidebar menus={menus} open={open || phoneMenu.open} onExpand={() => toggle(true)} />
        </div>
        {phoneMenu.open && <div className="pl-scrim" onClick={phoneMenu.close} aria-hidden="true" data-testid="phone-menu-scrim" />}
      </aside>
      <div className="pl-column">
        <header className="pl-appbar">
          <div className="pl-bar">
            <button type="button" className="pl-iconbtn pl-edge-start" onClick={() => (phoneMenu.active() ? phoneMenu.toggle() : toggle())} aria-label={t('core:layout.toggleSidebar')} data-testid="sidebar-toggle">
              <BarIcon d={MENU_ICON} />
            </button>
            <nav className="pl-crumbs" data-testid="breadcrumb">
              <ol>
                <li>
                  <RemixLink to="/dashboard" className="pl-crumb-link">
                    {t('core:menu.dashboard')}
                  </RemixLink>
                </li>
                {trail.map((m) => [
                  <li key={`${m.key}/`} aria-hidden="true" className="pl-crumb-sep">
                    /
                  </li>,
                  <li key={m.key}>
                    <p className="pl-crumb">{t(m.titleKey)}</p>
                  </li>,
                ])}
              </ol>
            </nav>
            {badges.map((b) => {
              const icon = (
                <span className="pl-badge">
                  <NamedIcon name={b.icon} fontSize="medium" />
                  {b.count ? (
                    <span aria-hidden="true" className="pl-badge-count">
                      {b.count > BADGE_MAX ? `${BADGE_MAX}+` : b.count}
                    </span>
                  ) : null}
                </span>
              );
              const title = t(b.titleKey);
              // The count drawn over the icon is part of the button's name (it is hidden from assistive technology itself).
              const name = b.count ? t('core:layout.badgeCount', { title, shown: b.count > BADGE_MAX ? `${BADGE_MAX}+` : b.count }) : title;
              return b.href && !b.list ? (
                <RemixLink key={b.key} to={b.href} className="pl-iconbtn" data-tip={title} data-testid={`badge-${b.key}`} aria-label={name}>
                  {icon}
                </RemixLink>
              ) : (
                <button
                  key={b.key}
                  type="button"
                  className="pl-iconbtn"
                  data-tip={title}
                  onClick={b.list ? () => setBadgeOpen(b.key) : undefined}
                  aria-haspopup={b.list ? 'dialog' : undefined}
                  data-testid={`badge-${b.key}`}
                  aria-label={name}
                >
                  {icon}
                </button>
              );
            })}
            <button
              type="button"
              className="pl-iconbtn"
              data-tip={t('core:layout.language')}
              onClick={(e) => setLangMenu(e.currentTarget)}
              data-testid="language-button"
              aria-label={t('core:layout.language')}
            >
              <BarIcon d={TRANSLATE_ICON} />
            </button>
            {langMenuMounted && (
              <Menu anchorEl={langMenu} open={!!langMenu} onClose={() => setLangMenu(null)}>
                {LANGS.map((l) => (
                  <MuiMenuItem key={l} component="a" href={`${location.pathname}?lng=${l}`} selected={l === lang} data-testid={`lang-${l}`}>
                    {LANG_LABELS[l]}
                  </MuiMenuItem>
                ))}
              </Menu>
            )}
            <button type="button" className="pl-user" onClick={(e) => setUserMenu(e.currentTarget)} data-testid="user-menu-button">
              <BarIcon d={ACCOUNT_CIRCLE_ICON} className="pl-svg pl-svg-action" />
              <p className="pl-user-name" title={user.nickname}>
                {user.nickname}
              </p>
            </button>
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
          </div>
        </header>
        <main className="pl-main">
          <Watermark label={`${user.nickname} ${user.username}`} />
          {showWelcome && (
            <Alert severity="success" onClose={() => setShowWelcome(false)} sx={{ mb: 2 }} data-testid="welcome-banner">
              {t('core:layout.welcome', { name: user.nickname })}
            </Alert>
          )}
          {children}
        </main>
      </div>
      {badgeMounted &&
        badges.map((b) => (b.list ? <BadgeListDialog key={b.key} badgeKey={b.key} title={t(b.titleKey)} list={b.list} open={badgeOpen === b.key} onClose={() => setBadgeOpen(null)} /> : null))}
      {pwMounted && <ChangePasswordDialog open={pwOpen} onClose={() => setPwOpen(false)} userId={user.id} mobile={user.mobile} />}
      <LoadingOverlay />
    </div>
  );
}

/** The second layout: only the main area (print views, embedded screens). */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main className="pl-bare">
      {children}
      <LoadingOverlay />
    </main>
  );
}
