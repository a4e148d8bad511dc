// Contract templates: what a standard template (a PDF with an AcroForm) offers. A standard
// template's form fields are named after the contract data they hold (`partyA.name`,
// `partyB.name`, `contract.no`, `contract.amount`, `contract.currency`, `contract.signedDate`,
// `contract.effectiveDate`, `contract.expiryDate`, `goods`, `line`, …); its signature slots, where
// each party's seal and digital signature go, are the fields named `signature.1`,
// `signature.2`, … (party 1, 2, …) or, failing a number, any signature field (numbered after the
// named ones, in document order).
//
// - inspectTemplate(pdf): the data fields (name, type, page index, rectangle) and the signature
//   slots (party, page index, rectangle), read with pdf-lib.
// - missingFields(template, required): the names a form needs that the template lacks (a
//   `signature.N` name is looked for among the slots), so an upload can be refused with a
//   clear message.
// - TemplateError: the refusals of this folder, each with a `code` the plugin translates
//   (`contracts:templates.errors.<code>`) and the `names` concerned.
//
// Rectangles are in PDF points, origin at the page's lower-left corner (as PDF and pdf-lib have
// them); pages are 0-based indexes into the document's pages.
import {
  EncryptedPDFError,
  PDFButton,
  PDFCheckBox,
  PDFDocument,
  PDFDropdown,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
  type PDFField,
  type PDFRef,
} from 'pdf-lib';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type FieldType = 'text' | 'checkbox' | 'radio' | 'dropdown' | 'list' | 'button' | 'signature';

export interface TemplateField {
  /** The fully qualified field name (`partyA.name`). */
  name: string;
  type: FieldType;
  /** 0-based index of the page of the field's (first) widget. */
  page: number;
  rect: Rect;
  /** A text field that takes several lines (the goods, long clauses). */
  multiline: boolean;
}

export interface SignatureSlot {
  /** 1 for the first signing party (甲方), 2 for the second, … */
  party: number;
  page: number;
  rect: Rect;
  /** The field the slot came from (`signature.1`). */
  name: string;
}

export interface TemplateInfo {
  /** The data fields (signature slots are not among them), in document order. */
  fields: TemplateField[];
  /** The signature slots, by party. */
  signatureSlots: SignatureSlot[];
  pageCount: number;
}

export type TemplateErrorCode = 'notPdf' | 'encrypted' | 'unknownFields' | 'notTextField' | 'duplicateSlot';

/** A refusal: `code` names the message (`contracts:templates.errors.<code>`), `names` the fields. */
export class TemplateError extends Error {
  constructor(
    readonly code: TemplateErrorCode,
    readonly names: string[] = [],
  ) {
    super(`${code}${names.length ? `: ${names.join(', ')}` : ''}`);
    this.name = 'TemplateError';
  }
}

/** `signature.3` → 3. */
const SLOT_NAME = /^signature\.(\d+)$/;

function fieldType(field: PDFField): FieldType {
  if (field instanceof PDFTextField) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFRadioGroup) return 'radio';
  if (field instanceof PDFDropdown) return 'dropdown';
  if (field instanceof PDFOptionList) return 'list';
  if (field instanceof PDFSignature) return 'signature';
  if (field instanceof PDFButton) return 'button';
  return 'text';
}

/** Opens a PDF with pdf-lib, refusing what is not one or is encrypted. */
export async function loadPdf(pdf: Uint8Array): Promise<PDFDocument> {
  if (Buffer.from(pdf.subarray(0, 1024)).indexOf('%PDF-') < 0) throw new TemplateError('notPdf');
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    if (doc.getPageCount() < 1) throw new TemplateError('notPdf');
    doc.getForm();
    return doc;
  } catch (err) {
    if (err instanceof TemplateError) throw err;
    if (err instanceof EncryptedPDFError) throw new TemplateError('encrypted');
    throw new TemplateError('notPdf');
  }
}

/** The page index and rectangle of a field's first widget (page -1 when it is on no page). */
export function widgetPlace(doc: PDFDocument, field: PDFField): { page: number; rect: Rect } {
  const widget = field.acroField.getWidgets()[0];
  if (!widget) return { page: -1, rect: { x: 0, y: 0, width: 0, height: 0 } };
  const r = widget.getRectangle();
  const rect = { x: r.x, y: r.y, width: r.width, height: r.height };
  const pages = doc.getPages();
  const ref = doc.context.getObjectRef(widget.dict);
  const byP = widget.P();
  let page = byP ? pages.findIndex((p) => p.ref === byP) : -1;
  if (page < 0 && ref) page = pages.findIndex((p) => (p.node.Annots()?.asArray() ?? []).some((a) => a === (ref as PDFRef)));
  return { page, rect };
}

/** The fields and signature slots of an opened document (see inspectTemplate). */
export function describeForm(doc: PDFDocument): TemplateInfo {
  const fields: TemplateField[] = [];
  const named: SignatureSlot[] = [];
  const unnamed: Omit<SignatureSlot, 'party'>[] = [];
  for (const field of doc.getForm().getFields()) {
    const name = field.getName();
    const type = fieldType(field);
    const place = widgetPlace(doc, field);
    const slot = SLOT_NAME.exec(name);
    if (slot) named.push({ party: Number(slot[1]), name, ...place });
    else if (type === 'signature') unnamed.push({ name, ...place });
    else fields.push({ name, type, ...place, multiline: field instanceof PDFTextField && field.isMultiline() });
  }
  const parties = new Set<number>();
  for (const s of named) {
    if (parties.has(s.party)) throw new TemplateError('duplicateSlot', [s.name]);
    parties.add(s.party);
  }
  let next = Math.max(0, ...parties);
  const signatureSlots = [...named, ...unnamed.map((s) => ({ ...s, party: ++next }))].sort((a, b) => a.party - b.party);
  return { fields, signatureSlots, pageCount: doc.getPageCount() };
}

/** The data fields and signature slots of a template PDF (TemplateError when not a usable PDF). */
export async function inspectTemplate(pdf: Uint8Array): Promise<TemplateInfo> {
  return describeForm(await loadPdf(pdf));
}

/**
 * The required names the template lacks, in the order given: data fields by name, and
 * `signature.N` among the signature slots (party N). Empty when the template serves the form.
 */
export function missingFields(template: Pick<TemplateInfo, 'fields' | 'signatureSlots'>, required: readonly string[]): string[] {
  const names = new Set(template.fields.map((f) => f.name));
  const parties = new Set(template.signatureSlots.map((s) => s.party));
  return required.filter((name) => {
    const slot = SLOT_NAME.exec(name);
    return slot ? !parties.has(Number(slot[1])) : !names.has(name);
  });
}
