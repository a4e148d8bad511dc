// The date pickers' dayjs adapter. Every LocalizationProvider makes two dates when it mounts (the
// pickers' default bounds, 1900-01-01 and 2099-12-31) through dayjs' zone plugin, which formats
// and parses each date again: about half a millisecond of every server-rendered page, for two
// values that never change. This adapter makes them once per locale.
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';

const BOUNDS = new Set(['1900-01-01T00:00:00.000', '2099-12-31T00:00:00.000']);
const made = new Map<string, ReturnType<AdapterDayjs['date']>>();

export class PickerAdapter extends AdapterDayjs {
  constructor(...args: ConstructorParameters<typeof AdapterDayjs>) {
    super(...args);
    const date = this.date;
    this.date = ((value?: string | null, timezone?: Parameters<AdapterDayjs['date']>[1]) => {
      if (!BOUNDS.has(value as string) || (timezone !== undefined && timezone !== 'default')) return date(value, timezone);
      const key = `${this.locale ?? ''}|${value}`;
      let d = made.get(key);
      if (!d) made.set(key, (d = date(value, timezone)));
      return d;
    }) as AdapterDayjs['date'];
  }
}
