import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/ru';
import 'dayjs/locale/uk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../locale';

// Typed dates are read in the format the input shows (Mantine's DateInput asks for this plugin).
dayjs.extend(customParseFormat);

/** The interface language for month and day names of the date pickers. */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: localeOf(i18n.language) }}>{children}</DatesProvider>;
}

/** What a date input takes besides its value: label, size, error, the rest of Mantine's input props. */
type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'withTime'>;

/** A calendar day, `YYYY-MM-DD` (empty for none), typed or picked. */
export function DayInput({ value, onChange, ...props }: Props & { value: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  return (
    <DateInput
      {...props}
      valueFormat="YYYY-MM-DD"
      placeholder={t('common.dayPlaceholder')}
      clearable={!props.disabled}
      value={value === '' ? null : value}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}

/**
 * A date and time in the browser's zone: the value is written `YYYY-MM-DDTHH:mm` (as the
 * `datetime-local` inputs it replaces took and gave it; empty for none), typed or picked.
 */
export function DateTimeInput({
  value,
  onChange,
  ...props
}: Props & { value: string; onChange: (local: string) => void }) {
  const { t } = useTranslation();
  return (
    <DateInput
      {...props}
      withTime
      valueFormat="YYYY-MM-DD HH:mm"
      placeholder={t('common.dateTimePlaceholder')}
      clearable={!props.disabled}
      value={value === '' ? null : value}
      onChange={(local) => onChange(local ? dayjs(local).format('YYYY-MM-DDTHH:mm') : '')}
    />
  );
}
