// 查看: a toolbar button that opens the one selected row read-only (a document, a bill, an
// enterprise), and that view while it is open; the screen says how the row reads.
import { useState, type ReactNode } from 'react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notify';

type Row = Record<string, unknown>;

export interface ViewAction {
  /** The toolbar button (ResourcePage's `actions`), given the selection and the list's reload. */
  button(selected: Row[], reload?: () => void): ReactNode;
  /** The open view (a screen's `dialogs`), or nothing. */
  dialog: ReactNode;
}

export function useViewAction(opts: {
  labelKey: string;
  testId?: string;
  /** The warning when more than one row is selected (default: the one for none). */
  selectOneKey?: string;
  view(row: Row, on: { close(): void; reload(): void }): ReactNode;
}): ViewAction {
  const { t } = useTranslation();
  const { toast } = useNotify();
  const [open, setOpen] = useState<{ row: Row; reload(): void } | null>(null);
  const warn = (n: number) => t(n > 1 && opts.selectOneKey ? opts.selectOneKey : 'core:common.selectFirst');
  return {
    button: (selected, reload = () => {}) => (
      <Button
        variant="outlined"
        startIcon={<VisibilityIcon />}
        data-testid={opts.testId ?? 'toolbar-view'}
        onClick={() => (selected.length === 1 ? setOpen({ row: selected[0], reload }) : toast(warn(selected.length), { severity: 'warning' }))}
      >
        {t(opts.labelKey)}
      </Button>
    ),
    dialog: open && opts.view(open.row, { close: () => setOpen(null), reload: open.reload }),
  };
}
