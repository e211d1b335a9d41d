import { MoneyInput } from '@/components/MoneyInput';
import { formatMoney } from '@/lib/format';
import type { Celda, CeldaValor } from './usePreciosDraft';

const CHANGED_STYLE = {
  backgroundColor: 'var(--mantine-color-yellow-0)',
  borderColor: 'var(--mantine-color-yellow-8)',
};

interface PrecioInputProps {
  /** Accessible name, e.g. 'Precio Tigre – Tres Bocas, General'. */
  label: string;
  celda: Celda;
  onChange: (valor: CeldaValor) => void;
}

function toValor(value: number | string): CeldaValor {
  if (typeof value === 'number') return value;
  const n = Number(value);
  return value.trim() === '' || Number.isNaN(n) ? '' : n;
}

/** One money cell (es-AR: '$ 1.234,50'); a changed cell is tinted and tells its previous price. */
export function PrecioInput({ label, celda, onChange }: PrecioInputProps) {
  const { valor, original, changed, invalid } = celda;
  return (
    <MoneyInput
      aria-label={label}
      value={valor}
      onChange={(value) => onChange(toValor(value))}
      placeholder="Sin precio"
      fixedDecimalScale
      miw={130}
      error={invalid ? 'Ingrese un precio' : undefined}
      description={changed && !invalid ? `Antes: ${original === undefined ? 'sin precio' : formatMoney(original)}` : undefined}
      inputWrapperOrder={['input', 'description', 'error']}
      styles={{ input: { textAlign: 'right', ...(changed && !invalid ? CHANGED_STYLE : {}) } }}
    />
  );
}
