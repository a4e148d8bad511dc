// A watermark of the user's name and the current time over the main area. It is redrawn
// every 500 ms and put back if someone removes or restyles it in the browser's tools.
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../i18n/dates';

export const WATERMARK_REFRESH_MS = 500;

function svgFor(text: string): string {
  const esc = text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><text x="20" y="110" transform="rotate(-20 160 100)" fill="rgba(0,0,0,0.06)" font-size="15" font-family="sans-serif">${esc}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}

const STYLE =
  'position:absolute;inset:0;pointer-events:none;z-index:1200;background-repeat:repeat;';

/** YYYY-MM-DD HH:mm:ss in the platform zone, like every other time on screen. */
const stamp = (d: Date): string => formatDateTime(d);

export function Watermark({ label }: { label: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let mark: HTMLDivElement | null = null;
    const ensure = () => {
      if (!mark || !host.contains(mark)) {
        mark = document.createElement('div');
        mark.setAttribute('data-watermark', '');
        host.appendChild(mark);
      }
      const text = `${label} ${stamp(new Date())}`;
      mark.setAttribute('style', STYLE + `background-image:${svgFor(text)};`);
      mark.setAttribute('data-text', text);
    };
    ensure();
    const timer = window.setInterval(ensure, WATERMARK_REFRESH_MS);
    const observer = new MutationObserver(() => {
      if (!mark || !host.contains(mark) || !mark.getAttribute('style')?.includes('background-image')) ensure();
    });
    observer.observe(host, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    return () => {
      window.clearInterval(timer);
      observer.disconnect();
      mark?.remove();
    };
  }, [label]);
  return <div ref={hostRef} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} aria-hidden />;
}
