import { NumberInput, type NumberInputProps } from '@mantine/core';

/** An ARS amount typed the es-AR way: `10.000,50`; zero or more, two decimals. */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$ "
      decimalSeparator=","
      thousandSeparator="."
      // '.' separates thousands in es-AR: only ',' starts the decimals.
      allowedDecimalSeparators={[',']}
      decimalScale={2}
      min={0}
      step={0.01}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}
