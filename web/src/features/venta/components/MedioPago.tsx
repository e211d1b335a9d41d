import { Radio, SimpleGrid } from '@mantine/core';
import type { ItemCatalogo } from '@/api/config';

interface MedioPagoProps {
  medios: ItemCatalogo[];
  value: number | null;
  onChange: (id: number) => void;
}

/** Step 2b: one payment method for the whole sale; a radio group (arrow keys move the choice). */
export function MedioPago({ medios, value, onChange }: MedioPagoProps) {
  return (
    <Radio.Group
      label="Medio de pago"
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(Number(id))}
    >
      <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
        {medios.map((m) => (
          <Radio
            key={m.id}
            value={String(m.id)}
            label={m.nombre}
            size="md"
            p="sm"
            bd="1px solid var(--mantine-color-gray-3)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
