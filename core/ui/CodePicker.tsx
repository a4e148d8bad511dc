// A code field picked from a code table with search (customs, ports, countries, units …):
// typing filters by code or name; the value stays the code. Long tables render only the
// first matches so the list stays quick.
import { Autocomplete, TextField } from '@mui/material';
import type { LookupOption } from '../plugin';

const MAX_SHOWN = 200;

export function CodePicker({
  label,
  value,
  options,
  onChange,
  required,
  error,
  helperText,
  disabled,
  testId,
  size = 'small',
}: {
  label: string;
  value: string;
  options: LookupOption[];
  onChange(value: string): void;
  required?: boolean;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  testId?: string;
  size?: 'small' | 'medium';
}) {
  const selected = options.find((o) => o.value === value) ?? (value ? { value, label: value } : null);
  return (
    <Autocomplete
      size={size}
      options={options}
      value={selected}
      disabled={disabled}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      filterOptions={(opts, state) => {
        const q = state.inputValue.trim().toLowerCase();
        return (q ? opts.filter((o) => o.label.toLowerCase().includes(q) || o.value.toLowerCase().startsWith(q)) : opts).slice(0, MAX_SHOWN);
      }}
      onChange={(_, o) => onChange(o?.value ?? '')}
      renderOption={(props, o) => (
        <li {...props} key={o.value} data-testid={testId ? `${testId}-option-${o.value}` : undefined}>
          {o.label}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={!!error}
          helperText={error || helperText || ' '}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
