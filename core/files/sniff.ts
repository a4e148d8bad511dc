// What a file really is, from its first bytes: an upload is accepted only when its content
// matches its extension (a renamed .exe is not a .pdf).
export const UPLOAD_TYPES = ['pdf', 'doc', 'docx', 'jpg', 'png', 'xls', 'xlsx', 'csv'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const MIME: Record<UploadType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

const starts = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

function includesAscii(b: Uint8Array, text: string): boolean {
  const needle = Buffer.from(text, 'latin1');
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).includes(needle);
}

/** Plain text: no NUL bytes and no control characters other than tab/CR/LF/FF. */
function looksLikeText(b: Uint8Array): boolean {
  const n = Math.min(b.length, 64 * 1024);
  for (let i = 0; i < n; i++) {
    const c = b[i];
    if (c === 0) return false;
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) return false;
  }
  return true;
}

export function extOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  const ext = m ? m[1].toLowerCase() : '';
  return ext === 'jpeg' ? 'jpg' : ext;
}

/** Whether the bytes are a file of this type. */
export function contentMatches(ext: string, b: Uint8Array): boolean {
  switch (ext) {
    case 'pdf':
      return starts(b, [0x25, 0x50, 0x44, 0x46, 0x2d]);
    case 'png':
      return starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpg':
      return starts(b, [0xff, 0xd8, 0xff]);
    case 'doc':
    case 'xls':
      return starts(b, OLE);
    case 'docx':
      return starts(b, ZIP) && includesAscii(b, 'word/');
    case 'xlsx':
      return starts(b, ZIP) && includesAscii(b, 'xl/');
    case 'csv':
      return b.length > 0 && looksLikeText(b);
    default:
      return false;
  }
}
