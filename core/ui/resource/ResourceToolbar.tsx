// The list's toolbar row: the primary actions (新增/修改/删除, the primary transitions), 更多,
// the screen's own buttons, and 导入/导出 on the right. What does not fit on the one row moves
// into 更多 too (from the right, 新增 stays), in any language and at any width.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Menu, MenuItem, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../useOpenedOnce';
import { MoreMenu, ToolbarButton, type ToolbarAction } from './toolbar';

export interface ResourceToolbarProps {
  primary: ToolbarAction[];
  more: ToolbarAction[];
  /** The screen's own buttons (after 更多). */
  extra?: ReactNode;
  onImport?: () => void;
  /** The export link of a format, when the user may export. */
  exportHref?: (format: 'csv' | 'xlsx') => string;
  /** Re-measures once the page is hydrated. */
  hydrated: boolean;
}

export function ResourceToolbar({ primary, more, extra, onImport, exportHref, hydrated }: ResourceToolbarProps) {
  const { t } = useTranslation();
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const exportMenuMounted = useOpenedOnce(!!exportAnchor);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const probeRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(Number.MAX_SAFE_INTEGER);
  const primaryKey = primary.map((a) => `${a.key}:${a.label}`).join('|');
  const declaredMore = more.length;
  useEffect(() => {
    const bar = toolbarRef.current;
    const probe = probeRef.current;
    if (!bar || !probe || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const gap = 8;
      const widths = ([...probe.children] as HTMLElement[]).map((el) => el.offsetWidth);
      const moreWidth = widths.pop() ?? 0;
      const others = ([...bar.children] as HTMLElement[]).filter((el) => el !== probe && !('primary' in el.dataset) && !('more' in el.dataset) && !('spacer' in el.dataset));
      // (+ the spacer's gap and a little slack for rounding)
      const fixed = others.reduce((sum, el) => sum + el.offsetWidth + gap, gap + 4);
      const used = (n: number) => widths.slice(0, n).reduce((sum, w) => sum + w + gap, 0);
      const room = (n: number) => bar.clientWidth - fixed - (n < widths.length || declaredMore > 0 ? moreWidth + gap : 0);
      let n = widths.length;
      while (n > 1 && used(n) > room(n)) n--;
      setFit(n >= widths.length ? Number.MAX_SAFE_INTEGER : n);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    observer.observe(probe);
    return () => observer.disconnect();
  }, [primaryKey, declaredMore, hydrated]);

  return (
    <Stack ref={toolbarRef} direction="row" sx={{ mb: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center', position: 'relative' }} data-testid="resource-toolbar">
      {/* The primary buttons at their natural width, out of sight: what fits is measured here
          (in the browser only: the server's page shows them all, wrapping if need be). */}
      {hydrated && (
        <Box ref={probeRef} aria-hidden data-probe sx={{ position: 'absolute', top: 0, left: 0, visibility: 'hidden', pointerEvents: 'none', display: 'flex', gap: 1 }}>
          {primary.map((a) => (
            <Button key={a.key} tabIndex={-1} variant={a.variant ?? 'outlined'} startIcon={a.icon} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {a.label}
            </Button>
          ))}
          <Button tabIndex={-1} variant="outlined" endIcon={<MoreHorizIcon />} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('core:resource.more')}
          </Button>
        </Box>
      )}
      <Box data-primary sx={{ display: 'contents' }}>
        {primary.slice(0, fit).map((a) => (
          <ToolbarButton key={a.key} action={a} />
        ))}
      </Box>
      <Box data-more sx={{ display: 'contents' }}>
        <MoreMenu actions={[...primary.slice(fit), ...more]} />
      </Box>
      {extra}
      <Box data-spacer sx={{ flexGrow: 1 }} />
      {onImport && (
        <Button startIcon={<UploadIcon />} onClick={onImport} data-testid="toolbar-import">
          {t('core:resource.import')}
        </Button>
      )}
      {exportHref && (
        <>
          <Button startIcon={<DownloadIcon />} onClick={(e) => setExportAnchor(e.currentTarget)} data-testid="toolbar-export">
            {t('core:resource.export')}
          </Button>
          {exportMenuMounted && (
            <Menu anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
              <MenuItem component="a" href={exportHref('xlsx')} onClick={() => setExportAnchor(null)} data-testid="export-xlsx">
                Excel (.xlsx)
              </MenuItem>
              <MenuItem component="a" href={exportHref('csv')} onClick={() => setExportAnchor(null)} data-testid="export-csv">
                CSV (.csv)
              </MenuItem>
            </Menu>
          )}
        </>
      )}
    </Stack>
  );
}
