// Uploading through the real POST /api/core/files as a signed-in user, and a minimal PDF to upload.
import { action as uploadAction } from '../../app/routes/api.core.files';
import { answerOf, BASE } from './http';

export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** Uploads a file for a resource as the user of this cookie: the HTTP status and the envelope. */
export async function upload(cookie: string, resource: string, name: string, bytes: Uint8Array = PDF) {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  return answerOf(uploadAction, new Request(`${BASE}/api/core/files?resource=${resource}`, { method: 'POST', headers: { Cookie: cookie, 'x-port-client-ip': '10.0.0.1' }, body: form }));
}
