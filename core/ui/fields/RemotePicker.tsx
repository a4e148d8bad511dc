// A code picker the user types into (customs, ports, countries, units, HS codes): it searches on
// the server as the user types (`/api/lookup/<name>?q=`), so a code table of thousands (HS
// codes) never ships whole, or among the options the page loaded (`options`). A chosen value's
// label is asked for once (`?values=`). The value stays the code; labels are in the user's language.
import { useEffect, useRef, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../i18n/i18n';
import type { LookupOption } from '../../plugin';
import { localizeOption, narrowOptions } from '../../resource/lookupLabels';
import { useNotify } from '../notify';

const WAIT_MS = 250;
/** Options shown at once from a loaded list (typing narrows it). */
const MAX_SHOWN = 200;

export function RemotePicker({
  lookup,
  options: loaded,
  value,
  onChange,
  label,
  placeholder,
  error,
  helperText,
  disabled,
  required,
  size,
  testId,
}: {
  lookup: string;
  /** The options the page loaded: searched here, the server is not asked. */
  options?: LookupOption[];
  value: string;
  onChange(value: string, option?: LookupOption): void;
  label?: string;
  placeholder?: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useNotify();
  const [found, setFound] = useState<LookupOption[]>([]);
  const [chosen, setChosen] = useState<LookupOption | null>(value ? { value, label: value } : null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);

  const ask = async (query: Record<string, string>): Promise<LookupOption[]> => {
    const res = await api.get<LookupOption[]>(`/lookup/${lookup}`, query, { silent: true }).catch(() => null);
    return (res?.data ?? []).map((o) => localizeOption(o, i18n.language as Lang));
  };

  // The label of a value set from outside (the row being edited).
  useEffect(() => {
    if (!value) return setChosen(null);
    if (chosen?.value === value && chosen.label !== value) return;
    if (loaded) return setChosen(loaded.find((o) => o.value === value) ?? { value, label: value });
    let live = true;
    void ask({ values: value }).then((list) => live && setChosen(list[0] ?? { value, label: value }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, lookup, loaded]);

  useEffect(() => {
    if (!open || loaded) return;
    const n = ++asked.current;
    setLoading(true);
    const timer = setTimeout(() => {
      void ask({ q: text.trim() }).then((list) => {
        if (n !== asked.current) return;
        setFound(list);
        setLoading(false);
      });
    }, WAIT_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, open, lookup, loaded]);

  const options = loaded ? narrowOptions(loaded, { q: text, limit: MAX_SHOWN }) : found;
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
      // What the input shows after a choice is the label, not a search.
      onInputChange={(_e, next, reason) => setText(reason === 'input' ? next : '')}
      onChange={(_e, o) => {
        setChosen(o);
        onChange(o?.value ?? '', o ?? undefined);
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
          placeholder={placeholder}
          required={required}
          error={error}
          helperText={helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
