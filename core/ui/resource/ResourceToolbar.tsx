// The list's toolbar row: the primary actions (新增/修改/删除, the primary transitions), 更多,
// the screen's own buttons, and 导入/导出 on the right. What does not fit on the one row moves
// into 更多 too (from the right, 新增 stays), in any language and at any width.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NamedIcon } from '../icons';
import { PlainButton } from '../plain';
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
    <div ref={toolbarRef} className="pl-toolbar" data-testid="resource-toolbar">
      {/* The primary buttons at their natural width, out of sight: what fits is measured here
          (in the browser only: the server's page shows them all, wrapping if need be). */}
      {hydrated && (
        <div ref={probeRef} aria-hidden data-probe className="pl-toolbar-probe">
          {primary.map((a) => (
            <PlainButton key={a.key} tabIndex={-1} variant={a.variant ?? 'outlined'} startIcon={a.icon}>
              {a.label}
            </PlainButton>
          ))}
          <PlainButton tabIndex={-1} variant="outlined" endIcon={<NamedIcon name="MoreHoriz" fontSize="medium" />}>
            {t('core:resource.more')}
          </PlainButton>
        </div>
      )}
      <div data-primary style={{ display: 'contents' }}>
        {primary.slice(0, fit).map((a) => (
          <ToolbarButton key={a.key} action={a} />
        ))}
      </div>
      <div data-more style={{ display: 'contents' }}>
        <MoreMenu actions={[...primary.slice(fit), ...more]} />
      </div>
      {extra}
      <div data-spacer style={{ flexGrow: 1 }} />
      {onImport && (
        <PlainButton startIcon={<NamedIcon name="Upload" fontSize="medium" />} onClick={onImport} data-testid="toolbar-import">
          {t('core:resource.import')}
        </PlainButton>
      )}
      {exportHref && (
        <>
          <PlainButton startIcon={<NamedIcon name="Download" fontSize="medium" />} onClick={(e) => setExportAnchor(e.currentTarget)} data-testid="toolbar-export">
            {t('core:resource.export')}
          </PlainButton>
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
    </div>
  );
}
