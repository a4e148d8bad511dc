// The role screen's form: the role's fields and the menu + permission tree. Ticking a menu
// ticks its mandatory permissions (and its parents); the server does the same.
import { useMemo } from 'react';
import { Box, Checkbox, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ResourceFormDialog, type FormSection, type Lookups, type ScreenParts } from '@core/client';
import { roleDef } from '../resources/role';
import type { GrantNode, grantTree } from '../resources/role.server';

type Grants = Awaited<ReturnType<typeof grantTree>>;
type Ctx = Parameters<FormSection['render']>[0];

function descendants(n: GrantNode): GrantNode[] {
  return [n, ...n.children.flatMap(descendants)];
}

function GrantTree({ grants, ctx: { values, errors, set } }: { grants: Grants; ctx: Ctx }) {
  const { t } = useTranslation();
  const menus = new Set(values.menuKeys as string[]);
  const perms = new Set(values.permissionCodes as string[]);
  const parents = useMemo(() => {
    const m = new Map<string, string | null>();
    const walk = (ns: GrantNode[], parent: string | null) => ns.forEach((n) => (m.set(n.key, parent), walk(n.children, n.key)));
    walk(grants.tree, null);
    return m;
  }, [grants]);
  const byKey = useMemo(() => new Map(grants.tree.flatMap(descendants).map((n) => [n.key, n])), [grants]);
  const grant = (nextMenus: Set<string>, nextPerms: Set<string>) => {
    set('menuKeys', [...nextMenus]);
    set('permissionCodes', [...nextPerms]);
  };

  const toggleMenu = (n: GrantNode, on: boolean, nextPerms = new Set(perms)) => {
    const nextMenus = new Set(menus);
    for (const d of descendants(n)) {
      if (on) {
        nextMenus.add(d.key);
        d.permissions.filter((p) => p.mandatory).forEach((p) => nextPerms.add(p.code));
      } else {
        nextMenus.delete(d.key);
        d.permissions.forEach((p) => nextPerms.delete(p.code));
      }
    }
    if (on) for (let p = parents.get(n.key); p; p = parents.get(p)) nextMenus.add(p);
    grant(nextMenus, nextPerms);
  };

  const togglePerm = (code: string, on: boolean, menuKey?: string) => {
    const next = new Set(perms);
    if (on) next.add(code);
    else next.delete(code);
    if (on && menuKey && !menus.has(menuKey)) toggleMenu(byKey.get(menuKey)!, true, next);
    else grant(menus, next);
  };

  const node = (n: GrantNode, depth: number) => (
    <Box key={n.key} sx={{ pl: depth * 2.5 }}>
      <FormControlLabel
        control={<Checkbox size="small" checked={menus.has(n.key)} onChange={(e) => toggleMenu(n, e.target.checked)} data-testid={`grant-menu-${n.key}`} />}
        label={
          <Typography variant="body2" sx={{ fontWeight: n.children.length ? 600 : 400 }}>
            {t(n.titleKey)}
          </Typography>
        }
      />
      {n.permissions.length > 0 && (
        <Box sx={{ pl: 4, display: 'flex', flexWrap: 'wrap' }}>
          {n.permissions.map((p) => (
            <FormControlLabel
              key={p.code}
              control={
                <Checkbox
                  size="small"
                  checked={perms.has(p.code)}
                  disabled={p.mandatory && menus.has(n.key)}
                  onChange={(e) => togglePerm(p.code, e.target.checked, n.key)}
                  data-testid={`grant-perm-${p.code}`}
                />
              }
              label={
                <Typography variant="caption">
                  {t(p.titleKey)}
                  {p.mandatory ? ` (${t('system:role.mandatory')})` : ''}
                </Typography>
              }
            />
          ))}
        </Box>
      )}
      {n.children.map((c) => node(c, depth + 1))}
    </Box>
  );

  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('system:role.grants')}
      </Typography>
      {errors.permissionCodes && (
        <FormHelperText error data-testid="grant-error">
          {errors.permissionCodes}
        </FormHelperText>
      )}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, maxHeight: 360, overflow: 'auto' }} data-testid="grant-tree">
        {grants.tree.map((n) => node(n, 0))}
        {grants.loose.length > 0 && (
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
              {t('system:role.otherPermissions')}
            </Typography>
            {grants.loose.map((p) => (
              <FormControlLabel
                key={p.code}
                control={<Checkbox size="small" checked={perms.has(p.code)} onChange={(e) => togglePerm(p.code, e.target.checked)} data-testid={`grant-perm-${p.code}`} />}
                label={<Typography variant="caption">{t(p.titleKey)}</Typography>}
              />
            ))}
          </Box>
        )}
      </Box>
    </>
  );
}

export default function useRoleScreen({ grants, lookups }: { grants: Grants; lookups: Lookups }): ScreenParts {
  const section: FormSection = { fields: ['menuKeys', 'permissionCodes'], render: (ctx) => <GrantTree grants={grants} ctx={ctx} /> };
  return {
    renderForm: ({ row, onClose, onSaved }) => (
      <ResourceFormDialog def={roleDef} row={row} defaults={{ dataScope: 'self', status: '0' }} lookups={lookups} section={section} onClose={onClose} onSaved={onSaved} />
    ),
  };
}
