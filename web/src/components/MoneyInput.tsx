import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { formatDecimal, formatMoney } from '@/lib/format';
import { montoDe, parseMonto } from '@/lib/money';

/** A money input's value: the amount, '' when empty, NaN while the text does not read. */
type MontoValor = number | '';

interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** The amount; '' (or absent, as a form's input props may leave it) when empty. */
  value?: number | string;
  onChange: (value: MontoValor) => void;
}

/** The text an amount is shown as when it comes from outside ('1.500,50'). */
function toText(value: number | string): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatDecimal(value, 2) : '';
}

function sameAmount(a: number | string, b: number | string): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/**
 * An ARS amount typed the way an Argentine user means it (`lib/money.ts`): what is
 * typed stays as typed, the amount as it will be saved is shown below it, and an
 * ambiguous text is refused with the parser's message.
 */
export function MoneyInput({ value = '', onChange, error, description, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => toText(value));
  const [seen, setSeen] = useState(value);
  const [typed, setTyped] = useState(false);
  if (!sameAmount(value, seen)) {
    // A value from outside (a reset, a saved price): show it unless it is what the text reads.
    setSeen(value);
    if (!sameAmount(value, montoDe(text))) {
      setText(toText(value));
      setTyped(false);
    }
  }
  const leido = parseMonto(text);
  const ownError = leido.estado === 'error' ? leido.mensaje : undefined;
  const preview = typed && leido.estado === 'ok' ? `Se guardará: ${formatMoney(leido.monto)}` : undefined;
  return (
    <TextInput
      leftSection="$"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        const monto = montoDe(next);
        setText(next);
        setTyped(true);
        setSeen(monto);
        onChange(monto);
      }}
      error={ownError ?? error}
      description={preview && description ? <><span>{preview}</span><br /><span>{description}</span></> : (preview ?? description)}
      {...props}
    />
  );
}
