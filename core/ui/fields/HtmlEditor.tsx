// The rich-text editor of `html` fields (TipTap with its starter kit: paragraphs, headings,
// lists, emphasis, links, undo), loaded only when a form shows such a field (FieldInput imports it
// lazily) so that list pages do not carry it. What it produces is sanitised again on the server.
import { useEffect, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

export interface HtmlEditorProps {
  value: string;
  onChange(html: string): void;
  label: string;
  required?: boolean;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  testId: string;
}

/** Addresses a link may have (the server's sanitiser keeps the same schemes). */
const LINK_RE = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/** What an empty editor holds counts as blank (the schema then says the field is required). */
const blankToEmpty = (html: string) => (html === '<p></p>' ? '' : html);

export default function HtmlEditor({ value, onChange, label, required, error, helperText, disabled, testId }: HtmlEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' }, underline: false, code: false, codeBlock: false })],
    content: value || '',
    editable: !disabled,
    immediatelyRender: false,
    // TipTap would add a <style> element the pages' Content-Security-Policy refuses; its few rules are in sx below.
    injectCSS: false,
    onUpdate: ({ editor: e }) => onChange(blankToEmpty(e.getHTML())),
    editorProps: { attributes: { 'data-testid': testId, 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
  });
  // A value set from outside (the form reset, another row) replaces the content.
  useEffect(() => {
    if (editor && blankToEmpty(editor.getHTML()) !== (value || '')) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            link: e.isActive('link'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });
  const [focused, setFocused] = useState(false);
  const chain = () => editor!.chain().focus();
  // The link's address, asked in a dialog (null: closed); blank removes the link.
  const [link, setLinkDraft] = useState<{ href: string; error: string } | null>(null);
  const openLink = () => setLinkDraft({ href: String(editor?.getAttributes('link').href ?? '') || 'https://', error: '' });
  const applyLink = () => {
    if (!link) return;
    const href = link.href.trim();
    if (!href || href === 'https://') {
      chain().extendMarkRange('link').unsetLink().run();
    } else {
      if (!LINK_RE.test(href)) return setLinkDraft({ ...link, error: t('core:editor.linkInvalid') });
      chain().extendMarkRange('link').setLink({ href }).run();
    }
    setLinkDraft(null);
  };
  const button = (key: string, title: string, icon: React.ReactNode, active: boolean | undefined, run: () => void, enabled = true) => (
    <Tooltip key={key} title={title}>
      <span>
        <IconButton size="small" aria-label={title} aria-pressed={!!active} color={active ? 'primary' : 'default'} disabled={disabled || !editor || !enabled} onClick={run} data-testid={`${testId}-${key}`}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const text = (key: string, title: string, body: string, active: boolean | undefined, run: () => void) => (
    <Tooltip key={key} title={title}>
      <span>
        <IconButton size="small" aria-label={title} aria-pressed={!!active} color={active ? 'primary' : 'default'} disabled={disabled || !editor} onClick={run} data-testid={`${testId}-${key}`} sx={{ fontSize: 13, fontWeight: 700, width: 30 }}>
          {body}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box>
      <Typography variant="body2" color={error ? 'error' : focused ? 'primary' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Box sx={{ border: 1, borderColor: error ? 'error.main' : focused ? 'primary.main' : 'divider', borderRadius: 1 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.25, px: 0.5, py: 0.25, alignItems: 'center' }} role="toolbar" aria-label={label}>
          {button('bold', t('core:editor.bold'), <FormatBoldIcon fontSize="small" />, state?.bold, () => chain().toggleBold().run())}
          {button('italic', t('core:editor.italic'), <FormatItalicIcon fontSize="small" />, state?.italic, () => chain().toggleItalic().run())}
          {text('h2', t('core:editor.heading', { level: 2 }), 'H2', state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
          {text('h3', t('core:editor.heading', { level: 3 }), 'H3', state?.h3, () => chain().toggleHeading({ level: 3 }).run())}
          {button('bullet', t('core:editor.bulletList'), <FormatListBulletedIcon fontSize="small" />, state?.bullet, () => chain().toggleBulletList().run())}
          {button('ordered', t('core:editor.orderedList'), <FormatListNumberedIcon fontSize="small" />, state?.ordered, () => chain().toggleOrderedList().run())}
          {button('link', t('core:editor.link'), <LinkIcon fontSize="small" />, state?.link, openLink)}
          {button('unlink', t('core:editor.unlink'), <LinkOffIcon fontSize="small" />, false, () => chain().unsetLink().run(), !!state?.link)}
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          {button('undo', t('core:editor.undo'), <UndoIcon fontSize="small" />, false, () => chain().undo().run(), !!state?.canUndo)}
          {button('redo', t('core:editor.redo'), <RedoIcon fontSize="small" />, false, () => chain().redo().run(), !!state?.canRedo)}
        </Stack>
        <Divider />
        <Box
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          sx={{
            px: 1.5,
            minHeight: 160,
            maxHeight: 360,
            overflowY: 'auto',
            typography: 'body2',
            '& .ProseMirror': { outline: 'none', minHeight: 150, py: 1, whiteSpace: 'pre-wrap', wordWrap: 'break-word', fontVariantLigatures: 'none' },
            '& .ProseMirror p': { my: 0.75 },
            '& .ProseMirror a': { color: 'primary.main' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <Dialog open={!!link} onClose={() => setLinkDraft(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('core:editor.link')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('core:editor.linkPrompt')}
            value={link?.href ?? ''}
            error={!!link?.error}
            helperText={link?.error || ' '}
            onChange={(e) => setLinkDraft({ href: e.target.value, error: '' })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
            }}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-link-href` } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLinkDraft(null)}>{t('core:common.cancel')}</Button>
          <Button variant="contained" onClick={applyLink} data-testid={`${testId}-link-ok`}>
            {t('core:common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
      <FormHelperText error={!!error} sx={{ mx: 1.75 }}>
        {error || helperText || ' '}
      </FormHelperText>
    </Box>
  );
}
