// MUI, DataGrid and date-picker texts per language. No Burmese packs exist upstream, so the
// Burmese texts for the parts users meet (pagination, grid toolbar, filters) are ours; the
// pickers' texts come from the translations (pickerLocaleText), over the English pack.
import { enUS as coreEn, zhCN as coreZh } from '@mui/material/locale';
import { enUS as gridEn, zhCN as gridZh } from '@mui/x-data-grid/locales';
import { enUS as pickersEn, zhCN as pickersZh } from '@mui/x-date-pickers/locales';
import type { Lang } from '../i18n/i18n';

const coreMy = {
  components: {
    MuiTablePagination: {
      defaultProps: {
        labelRowsPerPage: 'တစ်မျက်နှာရှိ အတန်းများ:',
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
          `${from}–${to} / ${count !== -1 ? count : `${to} ထက်ပို`}`,
        getItemAriaLabel: (type: string) =>
          ({ first: 'ပထမ စာမျက်နှာ', last: 'နောက်ဆုံး စာမျက်နှာ', next: 'နောက် စာမျက်နှာ', previous: 'ယခင် စာမျက်နှာ' })[type] ?? type,
      },
    },
    MuiAlert: { defaultProps: { closeText: 'ပိတ်ရန်' } },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'ရှင်းလင်းရန်',
        closeText: 'ပိတ်ရန်',
        loadingText: 'ဖွင့်နေသည်…',
        noOptionsText: 'ရွေးချယ်စရာ မရှိပါ',
        openText: 'ဖွင့်ရန်',
      },
    },
  },
};

const gridMyText: Record<string, unknown> = {
  noRowsLabel: 'အချက်အလက် မရှိပါ',
  noResultsOverlayLabel: 'ရလဒ် မတွေ့ပါ',
  toolbarDensity: 'အကွာအဝေး',
  toolbarDensityLabel: 'အကွာအဝေး',
  toolbarDensityCompact: 'ကျစ်လစ်',
  toolbarDensityStandard: 'ပုံမှန်',
  toolbarDensityComfortable: 'ချောင်ချောင်',
  toolbarColumns: 'ကော်လံများ',
  toolbarColumnsLabel: 'ကော်လံ ရွေးရန်',
  toolbarFilters: 'စစ်ထုတ်မှု',
  toolbarFiltersLabel: 'စစ်ထုတ်မှု ပြရန်',
  toolbarExport: 'ထုတ်ယူရန်',
  toolbarQuickFilterPlaceholder: 'ရှာဖွေရန်…',
  columnsManagementSearchTitle: 'ရှာဖွေရန်',
  columnsManagementNoColumns: 'ကော်လံ မရှိပါ',
  columnsManagementShowHideAllText: 'အားလုံး ပြ/ဖျောက်',
  columnsManagementReset: 'ပြန်စရန်',
  filterPanelAddFilter: 'စစ်ထုတ်မှု ထည့်ရန်',
  filterPanelRemoveAll: 'အားလုံး ဖယ်ရှားရန်',
  filterPanelDeleteIconLabel: 'ဖျက်ရန်',
  filterPanelOperator: 'အော်ပရေတာ',
  filterPanelColumns: 'ကော်လံ',
  filterPanelInputLabel: 'တန်ဖိုး',
  filterPanelInputPlaceholder: 'စစ်ထုတ်မည့် တန်ဖိုး',
  filterOperatorContains: 'ပါဝင်သည်',
  filterOperatorEquals: 'တူညီသည်',
  filterOperatorStartsWith: 'ဖြင့် စသည်',
  filterOperatorEndsWith: 'ဖြင့် ဆုံးသည်',
  filterOperatorIsEmpty: 'ဗလာ ဖြစ်သည်',
  filterOperatorIsNotEmpty: 'ဗလာ မဖြစ်ပါ',
  columnMenuLabel: 'မီနူး',
  columnMenuShowColumns: 'ကော်လံများ ပြရန်',
  columnMenuManageColumns: 'ကော်လံများ စီမံရန်',
  columnMenuFilter: 'စစ်ထုတ်ရန်',
  columnMenuHideColumn: 'ကော်လံ ဖျောက်ရန်',
  columnMenuUnsort: 'စီစဉ်မှု ဖယ်ရန်',
  columnMenuSortAsc: 'ငယ်စဉ်ကြီးလိုက် စီရန်',
  columnMenuSortDesc: 'ကြီးစဉ်ငယ်လိုက် စီရန်',
  footerRowSelected: (count: number) => `အတန်း ${count.toLocaleString()} ခု ရွေးထားသည်`,
  footerTotalRows: 'စုစုပေါင်း အတန်း:',
  checkboxSelectionHeaderName: 'ရွေးချယ်မှု',
  checkboxSelectionSelectAllRows: 'အတန်းအားလုံး ရွေးရန်',
  checkboxSelectionUnselectAllRows: 'အတန်းအားလုံး မရွေးရန်',
  checkboxSelectionSelectRow: 'အတန်း ရွေးရန်',
  checkboxSelectionUnselectRow: 'အတန်း မရွေးရန်',
  paginationRowsPerPage: 'တစ်မျက်နှာရှိ အတန်းများ:',
  paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
    `${from}–${to} / ${count !== -1 ? count : `${to} ထက်ပို`}`,
};

const gridMy = { components: { MuiDataGrid: { defaultProps: { localeText: gridMyText } } } };

/**
 * Date-picker texts users meet, from the `core:dates.*` translations (MUI X has zh and en packs
 * but no Burmese one). Merged over the theme's pack by LocalizationProvider.
 */
export function pickerLocaleText(t: (key: string, opts?: Record<string, unknown>) => string) {
  const k = (key: string, opts?: Record<string, unknown>) => t(`core:dates.${key}`, opts);
  return {
    cancelButtonLabel: k('cancel'),
    clearButtonLabel: k('clear'),
    okButtonLabel: k('ok'),
    todayButtonLabel: k('today'),
    nextStepButtonLabel: k('next'),
    previousMonth: k('previousMonth'),
    nextMonth: k('nextMonth'),
    openPreviousView: k('openPreviousView'),
    openNextView: k('openNextView'),
    calendarViewSwitchingButtonAriaLabel: (view: string) => (view === 'year' ? k('yearViewOpen') : k('calendarViewOpen')),
    datePickerToolbarTitle: k('selectDate'),
    dateTimePickerToolbarTitle: k('selectDateTime'),
    timePickerToolbarTitle: k('selectTime'),
    openDatePickerDialogue: (date: string | null) => (date ? k('chosenDate', { date }) : k('chooseDate')),
    openTimePickerDialogue: (time: string | null) => (time ? k('chosenTime', { time }) : k('chooseTime')),
    fieldClearLabel: k('clear'),
    dateTableLabel: k('dateTable'),
    timeTableLabel: k('timeTable'),
    year: k('year'),
    month: k('month'),
    day: k('day'),
    hours: k('hours'),
    minutes: k('minutes'),
    seconds: k('seconds'),
    empty: k('empty'),
  };
}

export function localePacks(lang: Lang): object[] {
  if (lang === 'zh') return [coreZh, gridZh, pickersZh];
  if (lang === 'my') return [coreMy, gridMy, pickersEn];
  return [coreEn, gridEn, pickersEn];
}

/** dayjs locale names (the modules are imported in core/ui/AppProviders.tsx). */
export const DAYJS_LOCALE: Record<Lang, string> = { zh: 'zh-cn', en: 'en', my: 'my' };
