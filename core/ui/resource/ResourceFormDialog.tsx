// The add/edit dialog generated from a resource's fields, validated in the browser with the
// same zod schema the server uses; server field errors land on the same inputs. A screen may
// render some fields itself, in a section below the others (the role's tree of grants), post
// to its own endpoint and show what it answers (a token shown once). FormDialog is the same
// dialog over fields a screen declares for an action of its own (a password reset, a cron).
import { useMemo, useRef, useState, type ReactNode } from "react";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LookupOption } from "../../plugin";
import {
  inForm,
  resourceKey,
  type FieldDef,
  type ResourceDef,
} from "../../resource/define";
import { UploadTarget } from "../fields/uploadTarget";
import { FieldGrid } from "../fields/FieldInput";
import {
  formFields,
  initialValues,
  requiredFields,
  toPayload,
  withValue,
  type Values,
} from "../fields/values";
import type { FieldErrors, SaveOptions } from "./save";
import { useRowSubmit } from "./useRowSubmit";

export { toPayload } from "../fields/values";

export interface FormSection {
  /** The fields it renders (not given an input each). */
  fields: string[];
  render(ctx: {
    values: Values;
    errors: Record<string, string>;
    set(name: string, value: unknown): void;
  }): ReactNode;
}

export interface FormDialogProps {
  title: ReactNode;
  fields: FieldDef[];
  /** The inputs' values to start with (default blank: initialValues). */
  initial?: Values;
  lookups?: Record<string, LookupOption[]>;
  mode?: "create" | "update";
  required?: ReadonlySet<string>;
  /** The browser's check (the field errors, blank where none): as the user types, and before onSubmit. */
  check?(values: Values): FieldErrors;
  /** Sends the values; answers the field errors to show (the caller closes the dialog when it is done). */
  onSubmit(values: Values): Promise<FieldErrors | null | void>;
  onClose(): void;
  saving?: boolean;
  /** The screen's own message under the fields (its action's refusal). */
  error?: string | null;
  /** Shown instead of the fields once there is something to keep (a token shown once); the buttons become 确定. */
  done?: ReactNode;
  section?: FormSection;
  maxWidth?: "xs" | "sm" | "md";
  saveLabel?: string;
  testId?: string;
  saveTestId?: string;
  /** The inputs' test ids, `<prefix>-<name>` (default form). */
  testIdPrefix?: string;
}

export function FormDialog(p: FormDialogProps) {
  const { t } = useTranslation();
  const { fields, section, done, check } = p;
  const [values, setValues] = useState<Values>(
    () => p.initial ?? initialValues(fields, null)
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(values); // two changes in one event (a section's) build on each other
  const set = (name: string, v: unknown) => {
    const next = (latest.current = withValue(fields, latest.current, name, v, p.lookups));
    setValues(next);
    // With a check, the changed field and every filled one are checked again as the user types.
    const found = check?.(next) ?? {};
    setErrors((old) => ({
      ...old,
      ...Object.fromEntries(
        fields
          .filter((f) => f.name === name || (check && next[f.name]))
          .map((f) => [f.name, found[f.name] ?? ""])
      ),
    }));
  };
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const invalid = check?.(latest.current);
    if (invalid && Object.values(invalid).some(Boolean))
      return setErrors(invalid);
    setBusy(true);
    const found = await p
      .onSubmit(latest.current)
      .finally(() => setBusy(false));
    if (found) setErrors(found);
  };
  return (
    <Dialog
      open
      onClose={p.onClose}
      maxWidth={p.maxWidth ?? "md"}
      fullWidth
      data-testid={p.testId}
    >
      <DialogTitle>{p.title}</DialogTitle>
      <DialogContent>
        {done ?? (
          <>
            <FieldGrid
              {...p}
              lookups={p.lookups ?? {}}
              mode={p.mode ?? "create"}
              fields={fields.filter((f) => !section?.fields.includes(f.name))}
              values={values}
              errors={errors}
              onChange={set}
            />
            {section?.render({ values, errors, set })}
            {p.error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {p.error}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={p.onClose}>
          {t(done ? "core:common.ok" : "core:common.cancel")}
        </Button>
        {!done && (
          <Button
            variant="contained"
            onClick={submit}
            disabled={p.saving || busy}
            data-testid={p.saveTestId ?? "form-save"}
          >
            {p.saveLabel ?? t("core:resource.save")}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export function ResourceFormDialog({
  def,
  row,
  lookups,
  onClose,
  onSaved,
  section,
  defaults,
  send,
  done,
}: {
  def: ResourceDef;
  row: Values | null;
  lookups: Record<string, LookupOption[]>;
  onClose(): void;
  onSaved(): void;
  section?: FormSection;
  /** A new row's values (a default choice). */
  defaults?: Values;
  /** Posts to the resource's own endpoint instead of its REST API. */
  send?: SaveOptions["send"];
  /** What the dialog shows once saved, instead of closing (what the server answered). */
  done?(saved: Values): ReactNode;
}) {
  const { t } = useTranslation();
  const mode = row ? "update" : "create";
  const [saved, setSaved] = useState<Values | null>(null);
  const found = useRef<FieldErrors | null>(null);
  const { submit, saving } = useRowSubmit(def, row, {
    onSaved: (s) => (onSaved(), setSaved(s)),
    onClose: done ? undefined : onClose,
    onErrors: (e) => (found.current = e),
  });
  const required = useMemo(() => requiredFields(def, t, mode), [def, t, mode]);
  return (
    <UploadTarget.Provider value={resourceKey(def)}>
      <FormDialog
        title={t(
          mode === "create"
            ? "core:resource.addTitle"
            : "core:resource.editTitle",
          { name: t(def.titleKey) }
        )}
        fields={formFields(def, mode)}
        initial={initialValues(
          def.fields.filter(inForm),
          row ?? defaults ?? null
        )}
        lookups={lookups}
        mode={mode}
        required={required}
        section={section}
        saving={saving}
        testId="resource-form"
        done={saved && done?.(saved)}
        onClose={onClose}
        onSubmit={async (values) => {
          found.current = null;
          await submit(toPayload(def, values, mode), { send });
          return found.current;
        }}
      />
    </UploadTarget.Provider>
  );
}
