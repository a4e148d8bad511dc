// The list toolbar's buttons: the primary ones stay visible, the rest go into one 更多 menu.
// A button the selected rows' state does not allow is disabled, its tooltip the catalogue
// message the server would answer with.
import { useState, type ReactNode } from 'react';
import { ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NamedIcon } from '../icons';
import { PlainButton } from '../plain';
import { useOpenedOnce } from '../useOpenedOnce';

export interface ToolbarAction {
  /** data-testid is `toolbar-<key>` (the same in the menu). */
  key: string;
  label: string;
  icon?: ReactNode;
  color?: 'primary' | 'error';
  variant?: 'contained' | 'outlined' | 'text';
  /** Why it cannot run for the selected rows; set, the action is disabled. */
  disabledReason?: string | null;
  onClick(): void;
}

export function ToolbarButton({ action }: { action: ToolbarAction }) {
  const button = (
    <PlainButton
      variant={action.variant ?? 'outlined'}
      color={action.color ?? 'primary'}
      startIcon={action.icon}
      disabled={!!action.disabledReason}
      onClick={action.onClick}
      data-testid={`toolbar-${action.key}`}
    >
      {action.label}
    </PlainButton>
  );
  if (!action.disabledReason) return button;
  // A disabled button gets no mouse events: the tooltip listens on a wrapper.
  return (
    <Tooltip title={action.disabledReason} describeChild>
      <span data-testid={`toolbar-${action.key}-why`}>{button}</span>
    </Tooltip>
  );
}

/** 更多: the less used actions, as a menu (nothing rendered when there are none). */
export function MoreMenu({ actions }: { actions: ToolbarAction[] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useOpenedOnce(!!anchor);
  if (!actions.length) return null;
  return (
    <>
      <PlainButton variant="outlined" endIcon={<NamedIcon name="MoreHoriz" fontSize="medium" />} onClick={(e) => setAnchor(e.currentTarget)} data-testid="toolbar-more" aria-haspopup="menu">
        {t('core:resource.more')}
      </PlainButton>
      {mounted && (
        <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} data-testid="toolbar-more-menu">
          {actions.map((a) => {
            const item = (
              <MenuItem
                key={a.key}
                disabled={!!a.disabledReason}
                onClick={() => {
                  setAnchor(null);
                  a.onClick();
                }}
                data-testid={`toolbar-${a.key}`}
              >
                {a.icon && <ListItemIcon>{a.icon}</ListItemIcon>}
                <ListItemText>{a.label}</ListItemText>
              </MenuItem>
            );
            return a.disabledReason ? (
              <Tooltip key={a.key} title={a.disabledReason} placement="left" describeChild>
                <span data-testid={`toolbar-${a.key}-why`}>{item}</span>
              </Tooltip>
            ) : (
              item
            );
          })}
        </Menu>
      )}
    </>
  );
}
