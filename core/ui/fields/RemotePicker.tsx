// A picker that searches on the server as the user types (`/api/lookup/<name>?q=`), so a code
// table of thousands (HS codes) never ships whole; the chosen value's label is asked for once
// (`?values=`). The value stays the code.
import { useEffect, useRef, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LookupOption } from '../../plugin';
import { useNotify } from '../notify';

const WAIT_MS = 250;

export function RemotePicker({
  lookup,
  value,
  onChange,
  label,
  error,
  helperText,
  disabled,
  required,
  size,
  testId,
}: {
  lookup: string;
  value: string;
  onChange(value: string): void;
  label?: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  testId: string;
}) {
  const { t } = useTranslation();
  const { api } = useNotify();
  const [options, setOptions] = useState<LookupOption[]>([]);
  const [chosen, setChosen] = useState<LookupOption | null>(value ? { value, label: value } : null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);

  const ask = async (query: Record<string, string>): Promise<LookupOption[]> => {
    const res = await api.get<LookupOption[]>(`/lookup/${lookup}`, query, { silent: true }).catch(() => null);
    return res?.data ?? [];
  };

  // The label of a value set from outside (the row being edited).
  useEffect(() => {
    if (!value) return setChosen(null);
    if (chosen?.value === value && chosen.label !== value) return;
    let live = true;
    void ask({ values: value }).then((found) => live && setChosen(found[0] ?? { value, label: value }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, lookup]);

  useEffect(() => {
    if (!open) return;
    const n = ++asked.current;
    setLoading(true);
    const timer = setTimeout(() => {
      void ask({ q: text.trim() }).then((found) => {
        if (n !== asked.current) return;
        setOptions(found);
        setLoading(false);
      });
    }, WAIT_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, open, lookup]);

  const labelOf = (o: LookupOption) => (o.label.includes(':') ? t(o.label) : o.label);
  return (
    <Autocomplete
      fullWidth
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={chosen}
      disabled={disabled}
      loading={loading}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={labelOf}
      onInputChange={(_e, next, reason) => reason === 'input' && setText(next)}
      onChange={(_e, o) => {
        setChosen(o);
        onChange(o?.value ?? '');
      }}
      renderOption={(props, o) => (
        <li {...props} key={o.value} data-testid={`${testId}-option-${o.value}`}>
          {labelOf(o)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
