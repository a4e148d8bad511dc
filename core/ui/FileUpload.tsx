// An upload button for a resource's files: posts to /api/core/files (the server checks type
// by content, size and permission) and hands the stored file back; errors come as toasts.
import { useRef, useState } from 'react';
import { Button, CircularProgress, Link } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../http/client';
import { useNotify } from './notify';

export interface UploadedFile {
  id: number;
  name: string;
  ext: string;
  size: number;
  createdByName?: string | null;
  createdAt?: string | null;
}

/**
 * Posting one file to /api/core/files (`query`: resource=…[&field=…]) for an upload control: busy
 * while it goes, a refusal as an error toast (null back), the file input cleared after.
 */
export function useCoreFileUpload<T>() {
  const { api, toast } = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (query: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    try {
      return await api.post<T>(`/core/files?${query}`, form, { silent: true });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      toast(e.message, { severity: 'error' });
      return null;
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return { input, busy, upload, toast };
}

export function FileUpload({ resource, types, onUploaded, disabled, testId, label }: { resource: string; types: readonly string[]; onUploaded(file: UploadedFile): void; disabled?: boolean; testId?: string; label?: string }) {
  const { t } = useTranslation();
  const { input, busy, upload: post, toast } = useCoreFileUpload<UploadedFile>();
  const upload = async (file: File) => {
    const res = await post(`resource=${encodeURIComponent(resource)}`, file);
    if (!res) return;
    toast(res.msg, { severity: 'success' });
    if (res.data) onUploaded(res.data);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={types.map((x) => `.${x}`).join(',')}
        data-testid={testId ? `${testId}-input` : undefined}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void upload(f);
        }}
      />
      <Button size="small" variant="outlined" startIcon={busy ? <CircularProgress size={14} /> : <UploadFileIcon />} disabled={disabled || busy} onClick={() => input.current?.click()} data-testid={testId}>
        {label ?? t('core:files.upload')}
      </Button>
    </>
  );
}

export function FileLink({ file }: { file: { id: number; name: string } }) {
  return (
    <Link href={`/api/core/files/${file.id}`} target="_blank" rel="noopener" data-testid={`file-${file.id}`}>
      {file.name}
    </Link>
  );
}
