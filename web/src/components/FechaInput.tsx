import { DateInput, type DateInputProps } from '@mantine/dates';
import { leerFecha } from '@/lib/dates';
import { DATE_FORMAT } from '@/lib/format';

type FechaInputProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser'> & {
  /** YYYY-MM-DD, or '' for no date. */
  value: string;
  onChange: (fecha: string) => void;
  /** Earliest date that may be chosen, YYYY-MM-DD. */
  min?: string;
  /** Latest date that may be chosen, YYYY-MM-DD. */
  max?: string;
};

/**
 * A date typed or picked as dd/mm/aaaa in Spanish whatever the browser's language
 * (a native date input follows the browser's locale). The value stays YYYY-MM-DD.
 */
export function FechaInput({ value, onChange, min, max, clearable, ...rest }: FechaInputProps) {
  return (
    <DateInput
      valueFormat={DATE_FORMAT}
      dateParser={leerFecha}
      placeholder="dd/mm/aaaa"
      value={value || null}
      onChange={(fecha) => onChange(fecha ?? '')}
      minDate={min}
      maxDate={max}
      clearable={clearable}
      allowDeselect={false}
      {...rest}
    />
  );
}
