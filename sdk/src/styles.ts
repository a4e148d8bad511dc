// The widgets' styles, small and hand-made (no MUI: the one-script bundle must stay small).
// Every class starts with `pw-`. Inside a custom element they live in its Shadow DOM, and
// `:host { all: initial }` keeps the host page's inherited styles (font, colour, line height)
// out; with the ESM build the widget renders the same <style> beside itself, its `pw-` classes
// touching nothing of the host. Burmese is drawn in the widgets' own Myanmar font (./font.ts:
// its unicode-range leaves every other letter to the fonts after it).
import { MYANMAR_FAMILY } from './font';

export const CSS = `
:host { all: initial; display: block; }
.pw-root { box-sizing: border-box; font-family: "${MYANMAR_FAMILY}", system-ui, -apple-system, "Segoe UI", "Noto Sans Myanmar", "Myanmar Text", Padauk, "Noto Sans SC", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; font-size: 14px; line-height: 1.6; color: #1f2937; background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 16px; }
.pw-root *, .pw-root *::before, .pw-root *::after { box-sizing: border-box; }
.pw-root h2 { font-size: 18px; margin: 0 0 12px; color: #0f3d6e; }
.pw-root h3 { font-size: 16px; margin: 16px 0 8px; color: #0f3d6e; }
.pw-muted { color: #6b7280; font-size: 12px; }
.pw-error { color: #b91c1c; font-size: 13px; }
.pw-banner { border-radius: 6px; padding: 8px 12px; margin: 8px 0; font-size: 13px; }
.pw-banner-error { background: #fef2f2; color: #b91c1c; border: 1px solid #fecaca; }
.pw-banner-ok { background: #ecfdf5; color: #065f46; border: 1px solid #a7f3d0; }
.pw-btn { font: inherit; cursor: pointer; border: 1px solid #0f5ea8; background: #0f5ea8; color: #fff; border-radius: 6px; padding: 6px 14px; }
.pw-btn:disabled { opacity: .5; cursor: default; }
.pw-btn-plain { background: #fff; color: #0f5ea8; }
.pw-link { font: inherit; cursor: pointer; background: none; border: none; padding: 0; color: #0f5ea8; text-align: left; }
.pw-link:hover { text-decoration: underline; }
.pw-pager { display: flex; align-items: center; gap: 12px; justify-content: flex-end; margin-top: 12px; flex-wrap: wrap; }
.pw-news-list { list-style: none; margin: 0; padding: 0; }
.pw-news-item { display: flex; gap: 12px; padding: 10px 0; border-bottom: 1px solid #f1f5f9; }
.pw-news-item:last-child { border-bottom: none; }
.pw-thumb { flex: 0 0 96px; width: 96px; height: 64px; object-fit: cover; border-radius: 4px; background: #f1f5f9; }
.pw-news-title { font-size: 15px; font-weight: 600; }
.pw-news-summary { margin: 4px 0 0; color: #4b5563; font-size: 13px; overflow: hidden; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.pw-tag { display: inline-block; font-size: 12px; color: #0f5ea8; background: #e8f1fb; border-radius: 4px; padding: 0 6px; margin-right: 6px; }
.pw-cover { width: 100%; max-height: 320px; object-fit: cover; border-radius: 6px; margin: 8px 0; }
.pw-article { overflow-wrap: anywhere; }
.pw-article img { max-width: 100%; height: auto; }
.pw-article table { border-collapse: collapse; }
.pw-article td, .pw-article th { border: 1px solid #e5e7eb; padding: 4px 8px; }
.pw-form { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 12px; }
.pw-field { display: flex; flex-direction: column; gap: 4px; }
.pw-field-wide { grid-column: 1 / -1; }
.pw-field label { font-weight: 600; font-size: 13px; }
.pw-field input, .pw-field select, .pw-field textarea { font: inherit; border: 1px solid #cbd5e1; border-radius: 6px; padding: 6px 8px; background: #fff; color: inherit; width: 100%; }
.pw-field textarea { min-height: 96px; resize: vertical; }
.pw-field [aria-invalid="true"] { border-color: #b91c1c; }
.pw-req { color: #b91c1c; margin-left: 2px; }
.pw-hp { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
.pw-files { list-style: none; padding: 0; margin: 4px 0 0; font-size: 13px; }
.pw-files li { display: flex; gap: 8px; align-items: center; }
.pw-progress { height: 8px; border-radius: 4px; background: #e5e7eb; overflow: hidden; margin: 8px 0 4px; }
.pw-progress > div { height: 100%; background: #0f5ea8; transition: width .2s; }
.pw-no { font-size: 20px; font-weight: 700; letter-spacing: .5px; color: #0f3d6e; }
.pw-actions { display: flex; gap: 8px; align-items: center; margin-top: 12px; }
.pw-dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 8px 0 0; }
.pw-dl dt { color: #6b7280; }
.pw-dl dd { margin: 0; white-space: pre-wrap; }
.pw-table-wrap { overflow-x: auto; }
.pw-table { width: 100%; border-collapse: collapse; font-size: 13px; }
.pw-table th, .pw-table td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e5e7eb; white-space: nowrap; }
.pw-table th { background: #f8fafc; color: #374151; font-weight: 600; }
.pw-num { text-align: right !important; font-variant-numeric: tabular-nums; }
.pw-state { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 12px; background: #f1f5f9; }
.pw-state-settled, .pw-state-receiptPending { background: #dcfce7; color: #166534; }
.pw-state-awaitingPayment, .pw-state-toConfirm { background: #fef3c7; color: #92400e; }
.pw-state-returned, .pw-state-refundFailed, .pw-state-refundRejected { background: #fee2e2; color: #991b1b; }
`;
