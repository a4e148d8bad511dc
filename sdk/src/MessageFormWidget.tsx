// The online message widget: a complaint or suggestion with up to 3 files (checked here as the
// server does: type by extension, 20 MB each, 3 at most), sent with XMLHttpRequest so the
// upload's progress shows; the server's field errors appear under their fields; success shows
// the message number. Below, the look-up: the number and the email give the status and reply.
import { createContext, useContext, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiFailure, apiUrl, callApi, postForm } from './api';
import { Frame, useT, type WidgetProps } from './common';
import type { T, TextKey } from './i18n';
import { FILE_MAX, FILE_MAX_MB, FILE_TYPES, LIMITS, MESSAGE_TYPES, addFiles, checkFields, type MessageFields } from './messageRules';

export interface MessageLookup {
  messageNo: string;
  type: string;
  content: string;
  status: string;
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
}

/** The form's id prefix (useId), so two forms on one page never share an element id. */
const Ids = createContext('pw');

const EMPTY: MessageFields = { type: 'complaint', name: '', email: '', contact: '', content: '' };

function Field({ name, label, error, required, wide, children }: { name: string; label: string; error?: string; required?: boolean; wide?: boolean; children: ReactNode }) {
  const uid = useContext(Ids);
  return (
    <div className={`pw-field${wide ? ' pw-field-wide' : ''}`} data-field={name}>
      <label htmlFor={`${uid}-${name}`}>
        {label}
        {required && <span className="pw-req">*</span>}
      </label>
      {children}
      {error && (
        <div className="pw-error" role="alert" data-error-for={name}>
          {error}
        </div>
      )}
    </div>
  );
}

export function MessageFormWidget({ baseUrl, lang }: WidgetProps) {
  const { lang: l, t } = useT(lang);
  const uid = `pw${useId().replace(/:/g, '')}`;
  const [values, setValues] = useState<MessageFields>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [messageNo, setMessageNo] = useState<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  const set = (k: keyof MessageFields) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    setErrors(({ [k]: _gone, ...rest }) => rest);
  };

  const pick = (list: FileList | null) => {
    const { files: next, error } = addFiles(files, Array.from(list ?? []), t);
    setFiles(next);
    setErrors(({ files: _gone, ...rest }) => (error ? { ...rest, files: error } : rest));
    if (picker.current) picker.current.value = '';
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const found = checkFields(values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.append(k, v.trim());
    form.append('website', honeypot.current?.value ?? '');
    for (const f of files) form.append('files', f, f.name);
    setProgress(0);
    try {
      const data = await postForm<{ messageNo: string }>(apiUrl(baseUrl, 'api/portal/public/messages', { lang: l }), form, setProgress, t('networkError')).done;
      setMessageNo(data.messageNo);
      setValues(EMPTY);
      setFiles([]);
    } catch (err) {
      const f = err as ApiFailure;
      const fields = f.fieldErrors ?? {};
      setErrors(fields);
      // A field's error shows under its field; anything else (rate limit, network) above the button.
      if (!Object.keys(fields).length) setBanner(f.message);
    } finally {
      setProgress(null);
    }
  };

  const label = (k: string) => t(`msg.${k}` as TextKey);
  const sending = progress !== null;
  return (
    <Ids.Provider value={uid}>
    <Frame name="message-form" lang={l} baseUrl={baseUrl}>
      <h2>{t('msg.title')}</h2>
      {messageNo ? (
        <div className="pw-banner pw-banner-ok" data-testid="pw-message-posted">
          <div>{t('msg.posted')}</div>
          <div className="pw-no" data-testid="pw-message-no">
            {messageNo}
          </div>
          <div>{t('msg.keepNo')}</div>
          <div className="pw-actions">
            <button type="button" className="pw-btn pw-btn-plain" onClick={() => setMessageNo(null)}>
              {t('msg.again')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className="pw-form">
            <Field name="type" label={label('type')} error={errors.type} required>
              <select id={`${uid}-type`} name="type" value={values.type} onChange={set('type')} aria-invalid={!!errors.type}>
                {MESSAGE_TYPES.map((ty) => (
                  <option key={ty} value={ty}>
                    {label(ty)}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="name" label={label('name')} error={errors.name} required>
              <input id={`${uid}-name`} name="name" value={values.name} maxLength={LIMITS.name} onChange={set('name')} aria-invalid={!!errors.name} />
            </Field>
            <Field name="email" label={label('email')} error={errors.email} required>
              <input id={`${uid}-email`} name="email" type="email" value={values.email} maxLength={LIMITS.email} onChange={set('email')} aria-invalid={!!errors.email} />
            </Field>
            <Field name="contact" label={label('contact')} error={errors.contact}>
              <input id={`${uid}-contact`} name="contact" value={values.contact} maxLength={LIMITS.contact} onChange={set('contact')} aria-invalid={!!errors.contact} />
            </Field>
            <Field name="content" label={label('content')} error={errors.content} required wide>
              <textarea id={`${uid}-content`} name="content" value={values.content} maxLength={LIMITS.content} onChange={set('content')} aria-invalid={!!errors.content} />
            </Field>
            <Field name="files" label={label('files')} error={errors.files} wide>
              <input
                id={`${uid}-files`}
                ref={picker}
                name="files"
                type="file"
                multiple
                accept={FILE_TYPES.map((x) => `.${x}`).join(',')}
                disabled={files.length >= FILE_MAX || sending}
                onChange={(e) => pick(e.target.files)}
              />
              <div className="pw-muted">{t('msg.filesHint', { max: FILE_MAX, mb: FILE_MAX_MB, types: FILE_TYPES.filter((x) => x !== 'jpeg').join(', ') })}</div>
              {files.length > 0 && (
                <ul className="pw-files" data-testid="pw-files">
                  {files.map((f, i) => (
                    <li key={`${f.name}-${i}`}>
                      <span>
                        {f.name} ({(f.size / 1024 / 1024).toFixed(2)} MB)
                      </span>
                      <button type="button" className="pw-link" disabled={sending} onClick={() => setFiles((fs) => fs.filter((_, j) => j !== i))}>
                        {t('msg.remove')}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </Field>
          </div>
          {/* A field people never see: a bot that fills it is answered as if accepted. */}
          <div className="pw-hp" aria-hidden="true">
            <input ref={honeypot} name="website" tabIndex={-1} autoComplete="off" />
          </div>
          {sending && (
            <div data-testid="pw-progress">
              <div className="pw-progress">
                <div style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
              <div className="pw-muted">{t('msg.uploading', { pct: Math.round(progress * 100) })}</div>
            </div>
          )}
          {banner && (
            <div className="pw-banner pw-banner-error" role="alert">
              {banner}
            </div>
          )}
          <div className="pw-actions">
            <button type="submit" className="pw-btn" disabled={sending}>
              {t('msg.submit')}
            </button>
          </div>
        </form>
      )}
      <ReplyLookup baseUrl={baseUrl} lang={l} t={t} />
    </Frame>
    </Ids.Provider>
  );
}

function ReplyLookup({ baseUrl, lang, t }: { baseUrl: string; lang: string; t: T }) {
  const uid = useContext(Ids);
  const [no, setNo] = useState('');
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<MessageLookup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lookUp = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFound(null);
    if (!no.trim() || !email.trim()) {
      setError(t('msg.required', { field: !no.trim() ? t('lookup.no') : t('lookup.email') }));
      return;
    }
    setBusy(true);
    try {
      setFound(await callApi<MessageLookup>(apiUrl(baseUrl, 'api/portal/public/messages/lookup', { no: no.trim(), email: email.trim(), lang }), {}, t('networkError')));
    } catch (err) {
      setError((err as ApiFailure).message);
    } finally {
      setBusy(false);
    }
  };

  const state = (s: string) => (['new', 'replied', 'closed'].includes(s) ? t(`lookup.state.${s}` as TextKey) : s);
  return (
    <section data-testid="pw-lookup">
      <h3>{t('lookup.title')}</h3>
      <form onSubmit={lookUp} noValidate>
        <div className="pw-form">
          <div className="pw-field">
            <label htmlFor={`${uid}-lookup-no`}>{t('lookup.no')}</label>
            <input id={`${uid}-lookup-no`} name="no" value={no} maxLength={32} onChange={(e) => setNo(e.target.value)} />
          </div>
          <div className="pw-field">
            <label htmlFor={`${uid}-lookup-email`}>{t('lookup.email')}</label>
            <input id={`${uid}-lookup-email`} name="lookupEmail" type="email" value={email} maxLength={LIMITS.email} onChange={(e) => setEmail(e.target.value)} />
          </div>
        </div>
        <div className="pw-actions">
          <button type="submit" className="pw-btn pw-btn-plain" disabled={busy}>
            {t('lookup.submit')}
          </button>
        </div>
      </form>
      {error && (
        <div className="pw-banner pw-banner-error" role="alert">
          {error}
        </div>
      )}
      {found && (
        <dl className="pw-dl" data-testid="pw-lookup-result">
          <dt>{t('lookup.no')}</dt>
          <dd>{found.messageNo}</dd>
          <dt>{t('msg.type')}</dt>
          <dd>{MESSAGE_TYPES.includes(found.type as never) ? t(`msg.${found.type}` as TextKey) : found.type}</dd>
          <dt>{t('lookup.createdAt')}</dt>
          <dd>{found.createdAt}</dd>
          <dt>{t('msg.content')}</dt>
          <dd>{found.content}</dd>
          <dt>{t('lookup.status')}</dt>
          <dd data-testid="pw-lookup-status">{state(found.status)}</dd>
          <dt>{t('lookup.reply')}</dt>
          <dd data-testid="pw-lookup-reply">{found.reply ?? t('lookup.noReply')}</dd>
          {found.repliedAt && (
            <>
              <dt>{t('lookup.repliedAt')}</dt>
              <dd>{found.repliedAt}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
