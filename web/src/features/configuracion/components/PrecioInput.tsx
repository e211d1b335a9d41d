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

/** One money cell (es-AR: '$ 1.234,50'); a changed cell is tinted and tells its previous price. */
export function PrecioInput({ label, celda, onChange }: PrecioInputProps) {
  const { valor, original, changed, invalid } = celda;
  return (
    <MoneyInput
      aria-label={label}
      value={valor}
      onChange={onChange}
      placeholder="Sin precio"
      miw={130}
      error={invalid ? 'Ingresa un precio válido' : undefined}
      description={changed && !invalid ? `Antes: ${original === undefined ? 'sin precio' : formatMoney(original)}` : undefined}
      inputWrapperOrder={['input', 'description', 'error']}
      styles={{ input: { textAlign: 'right', ...(changed && !invalid ? CHANGED_STYLE : {}) } }}
    />
  );
}
