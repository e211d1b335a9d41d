import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { leerFecha, motivoFechaRechazada, type LimitesFecha } from '@/lib/dates';
import { DATE_FORMAT } from '@/lib/format';

type FechaInputProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser'> &
  LimitesFecha & {
    /** YYYY-MM-DD, or '' for no date. */
    value: string;
    onChange: (fecha: string) => void;
  };

/**
 * A date typed or picked as dd/mm/aaaa in Spanish whatever the browser's language
 * (a native date input follows the browser's locale). The value stays YYYY-MM-DD.
 * A typed date that is not taken (a day that does not exist, outside min and max) leaves
 * the value as it was and says why under the field.
 */
export function FechaInput({ value, onChange, min, max, mensajeMin, mensajeMax, clearable, error, onBlur, ...rest }: FechaInputProps) {
  const [rechazo, setRechazo] = useState<string | null>(null);
  return (
    <DateInput
      valueFormat={DATE_FORMAT}
      dateParser={leerFecha}
      placeholder="dd/mm/aaaa"
      value={value || null}
      onChange={(fecha) => {
        setRechazo(null);
        onChange(fecha ?? '');
      }}
      onBlur={(event) => {
        setRechazo(motivoFechaRechazada(event.currentTarget.value, { min, max, mensajeMin, mensajeMax }));
        onBlur?.(event);
      }}
      error={error ?? rechazo}
      minDate={min}
      maxDate={max}
      clearable={clearable}
      allowDeselect={false}
      {...rest}
    />
  );
}
