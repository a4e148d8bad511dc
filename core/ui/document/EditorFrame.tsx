// Where a document editor sits: a dialog (a row of a list), a full-screen dialog with its
// buttons in a sticky bar (a long document such as a declaration), or the page itself (the
// account's own enterprise). The editor's content and buttons are the same in all three.
import type { ReactNode } from 'react';
import { AppBar, Box, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Paper, Stack, Toolbar, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';

export type EditorFrameKind = 'dialog' | 'fullScreen' | 'page';

export interface EditorFrameProps {
  kind: EditorFrameKind;
  title: ReactNode;
  /** Beside the title (a state chip). */
  badges?: ReactNode;
  /** The tabs bar, kept in view with the buttons in the full-screen and page frames. */
  tabs?: ReactNode;
  buttons: ReactNode;
  children: ReactNode;
  onClose?(): void;
  testId: string;
  closeTestId?: string;
  maxWidth?: 'md' | 'lg' | 'xl';
}

export function EditorFrame({ kind, title, badges, tabs, buttons, children, onClose, testId, closeTestId, maxWidth }: EditorFrameProps) {
  const { t } = useTranslation();
  if (kind === 'dialog') {
    return (
      <Dialog open onClose={onClose} maxWidth={maxWidth ?? 'lg'} fullWidth data-testid={testId}>
        <DialogTitle>
          {title}
          {badges}
        </DialogTitle>
        <DialogContent>
          {tabs}
          {children}
        </DialogContent>
        <DialogActions>{buttons}</DialogActions>
      </Dialog>
    );
  }
  const bar = (
    <AppBar position="sticky" color="default" elevation={1}>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        {onClose && (
          <IconButton edge="start" onClick={onClose} aria-label={t('core:common.close')} data-testid={closeTestId}>
            <CloseIcon />
          </IconButton>
        )}
        <Typography variant="h6" sx={{ mr: 2 }}>
          {title}
        </Typography>
        {badges}
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={1}>
          {buttons}
        </Stack>
      </Toolbar>
      {tabs}
    </AppBar>
  );
  if (kind === 'fullScreen') {
    return (
      <Dialog fullScreen open onClose={onClose} data-testid={testId}>
        {bar}
        <Box sx={{ p: 2 }}>{children}</Box>
      </Dialog>
    );
  }
  return (
    <Paper data-testid={testId} sx={{ overflow: 'hidden' }}>
      {bar}
      <Box sx={{ p: 2 }}>{children}</Box>
    </Paper>
  );
}
