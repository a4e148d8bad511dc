// The public face of core for a plugin's browser code (pages, forms, dialogs): core's UI parts
// and the API client. A plugin imports core only from here, @core/server and @core/shared.

export { ApiError } from './http/client';
export { ConfirmDialog } from './ui/ConfirmDialog';
export { DateField } from './ui/DateField';
export { DateTimeField } from './ui/DateTimeField';
export { FileLink, FileUpload } from './ui/FileUpload';
export type { UploadedFile } from './ui/FileUpload';
export { DocumentEditor } from './ui/document/DocumentEditor';
export type { ActionContext, DocumentEditorProps, SectionContext } from './ui/document/DocumentEditor';
export { EditorFrame, type EditorFrameKind } from './ui/document/EditorFrame';
export type { CellContext } from './ui/document/LineTable';
export { FieldGrid, FieldInput } from './ui/fields/FieldInput';
export { RemotePicker } from './ui/fields/RemotePicker';
export type { Lookups } from './ui/fields/FieldInput';
export { formFields, initialValues, spanOf, toPayload } from './ui/fields/values';
export type { Values } from './ui/fields/values';
export { useNotify } from './ui/notify';
export { pageAction, pageLoader } from './ui/pageData';
export { useApiData, type ApiData } from './ui/useApiData';
export { ResourcePage, TransitionNoteDialog, displayValue, optionLabel } from './ui/resource/ResourcePage';
export type { ResourcePageProps } from './ui/resource/ResourcePage';
export { FormDialog, ResourceFormDialog, type FormSection } from './ui/resource/ResourceFormDialog';
export { TitledTable } from './ui/resource/TitledTable';
export type { ScreenParts, ScreenUi } from './ui/resource/types';
export { useRowSubmit } from './ui/resource/useRowSubmit';
export { useViewAction } from './ui/resource/useViewAction';
export type { ViewAction } from './ui/resource/useViewAction';
