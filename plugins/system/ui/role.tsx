// The role screen's form: the role's fields and the menu + permission tree. Ticking a menu
// ticks its mandatory permissions (and its parents); the server does the same.
import { useMemo, useState } from 'react';
import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Grid, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRowSubmit, type ScreenParts } from '@core/client';
import { roleDef, DATA_SCOPE_VALUES } from '../resources/role';
import type { GrantNode, grantTree } from '../resources/role.server';

function descendants(n: GrantNode): GrantNode[] {
  return [n, ...n.children.flatMap(descendants)];
}

function RoleForm({ row, grants, onClose, onSaved }: { row: Record<string, unknown> | null; grants: Awaited<ReturnType<typeof grantTree>>; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    code: String(row?.code ?? ''),
    name: String(row?.name ?? ''),
    dataScope: String(row?.dataScope ?? 'self'),
    status: String(row?.status ?? '0'),
    orderNum: row?.orderNum === null || row?.orderNum === undefined ? '' : String(row.orderNum),
    remark: String(row?.remark ?? ''),
  });
  const [menus, setMenus] = useState<Set<string>>(new Set((row?.menuKeys as string[]) ?? []));
  const [perms, setPerms] = useState<Set<string>>(new Set((row?.permissionCodes as string[]) ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { submit, saving } = useRowSubmit(roleDef, row, { onSaved, onClose, onErrors: setErrors });
  const parents = useMemo(() => {
    const m = new Map<string, string | null>();
    const walk = (ns: GrantNode[], parent: string | null) => ns.forEach((n) => (m.set(n.key, parent), walk(n.children, n.key)));
    walk(grants.tree, null);
    return m;
  }, [grants]);
  const byKey = useMemo(() => {
    const m = new Map<string, GrantNode>();
    const walk = (ns: GrantNode[]) => ns.forEach((n) => (m.set(n.key, n), walk(n.children)));
    walk(grants.tree);
    return m;
  }, [grants]);

  const toggleMenu = (n: GrantNode, on: boolean) => {
    const nextMenus = new Set(menus);
    const nextPerms = new Set(perms);
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
    setMenus(nextMenus);
    setPerms(nextPerms);
    setErrors((e) => ({ ...e, permissionCodes: '' }));
  };

  const togglePerm = (code: string, on: boolean, menuKey?: string) => {
    const next = new Set(perms);
    if (on) next.add(code);
    else next.delete(code);
    setPerms(next);
    if (on && menuKey && !menus.has(menuKey)) toggleMenu(byKey.get(menuKey)!, true);
    setErrors((e) => ({ ...e, permissionCodes: '' }));
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

  const save = async () => {
    const payload = {
      ...v,
      orderNum: v.orderNum === '' ? null : Number(v.orderNum),
      menuKeys: [...menus],
      permissionCodes: [...perms],
    };
    await submit(payload);
  };

  const text = (name: keyof typeof v, labelKey: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(labelKey)}
      value={v[name]}
      onChange={(e) => {
        setV({ ...v, [name]: e.target.value });
        setErrors({ ...errors, [name]: '' });
      }}
      error={!!errors[name]}
      helperText={errors[name] || ' '}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `form-${name}` } }}
      {...extra}
    />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="resource-form">
      <DialogTitle>{t(row ? 'core:resource.editTitle' : 'core:resource.addTitle', { name: t('system:role.title') })}</DialogTitle>
      <DialogContent>
        <Grid container columnSpacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>{text('name', 'system:role.name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('code', 'system:role.code')}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {text('dataScope', 'system:role.dataScope', {
              select: true,
              children: DATA_SCOPE_VALUES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`system:role.scope.${s}`)}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {text('status', 'system:role.status', {
              select: true,
              children: [
                <MenuItem key="0" value="0">
                  {t('system:user.enabled')}
                </MenuItem>,
                <MenuItem key="1" value="1">
                  {t('system:user.disabled')}
                </MenuItem>,
              ],
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{text('orderNum', 'system:role.orderNum', { type: 'number' })}</Grid>
          <Grid size={12}>{text('remark', 'system:role.remark')}</Grid>
        </Grid>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('core:common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving} data-testid="form-save">
          {t('core:resource.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function useRoleScreen({ grants }: { grants: Awaited<ReturnType<typeof grantTree>> }): ScreenParts {
  return { renderForm: ({ row, onClose, onSaved }) => <RoleForm row={row} grants={grants} onClose={onClose} onSaved={onSaved} /> };
}
