// Filter fields are sized for their label in the current language, so a long Burmese label is
// not cut to the same few letters as its neighbours (labels sit inside the outlined field and
// cannot wrap). An estimate from the characters, the same on the server and in the browser.

/** Myanmar marks drawn above/below the letter before them: no width of their own. */
const MYANMAR_NON_SPACING = /[\u102D-\u1030\u1032-\u1037\u1039\u103A\u103D\u103E\u1058\u1059\u105E-\u1060\u1071-\u1074\u1082\u1085\u1086\u108D\u109D]/;

/** Width in px of a label at the field's font size (1rem = 16px), by character class. */
export function labelPx(label: string, fontPx = 16): number {
  let em = 0;
  for (const ch of label) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x1000 && c <= 0x109f) em += MYANMAR_NON_SPACING.test(ch) ? 0 : 0.72;
    else if (c >= 0x2e80 && c <= 0xffef) em += 1; // CJK and full-width forms
    else if (ch === ' ') em += 0.28;
    else if (/[A-Z]/.test(ch)) em += 0.66;
    else em += 0.55;
  }
  return Math.ceil(em * fontPx);
}

/** The field's width: room for the label (plus the field's padding and an icon), within bounds. */
export function fieldWidth(label: string, { min = 160, max = 340, extra = 44 }: { min?: number; max?: number; extra?: number } = {}): number {
  return Math.min(max, Math.max(min, labelPx(label) + extra));
}
