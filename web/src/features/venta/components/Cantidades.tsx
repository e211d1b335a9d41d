import { ActionIcon, Badge, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { formatMoney } from '@/lib/format';
import { MAX_POR_TIPO, type Linea } from '@/features/venta/useVenta';

interface CantidadesProps {
  lineas: Linea[];
  onChange: (tipoId: number, value: number | string) => void;
}

/**
 * Step 2a: a 0–50 stepper per passenger type with its unit price and subtotal.
 * The first priced input takes the focus when it appears (a section was just chosen).
 */
export function Cantidades({ lineas, onChange }: CantidadesProps) {
  const primera = lineas.find((l) => l.precio !== null);
  return (
    <Stack gap="xs">
      {lineas.map(({ tipo, precio, cantidad, subtotal }) => {
        const sinPrecio = precio === null;
        return (
          <Group key={tipo.id} justify="space-between" wrap="nowrap" gap="sm" opacity={sinPrecio ? 0.6 : 1}>
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{tipo.nombre}</Text>
              {sinPrecio ? <Badge color="gray" variant="light">Sin precio</Badge> : <Text size="sm" c="dimmed">{formatMoney(precio)} c/u</Text>}
            </div>
            <Group gap={6} wrap="nowrap">
              <ActionIcon
                size="xl"
                variant="default"
                tabIndex={-1}
                aria-label={`Quitar un pasajero ${tipo.nombre}`}
                disabled={sinPrecio || cantidad === 0}
                onClick={() => onChange(tipo.id, cantidad - 1)}
              >
                <IconMinus size={20} aria-hidden />
              </ActionIcon>
              <NumberInput
                aria-label={`Cantidad ${tipo.nombre}`}
                w={72}
                size="lg"
                min={0}
                max={MAX_POR_TIPO}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                hideControls
                selectAllOnFocus
                autoFocus={tipo.id === primera?.tipo.id}
                disabled={sinPrecio}
                value={cantidad}
                onChange={(value) => onChange(tipo.id, value)}
                styles={{ input: { textAlign: 'center' } }}
              />
              <ActionIcon
                size="xl"
                variant="default"
                tabIndex={-1}
                aria-label={`Agregar un pasajero ${tipo.nombre}`}
                disabled={sinPrecio || cantidad >= MAX_POR_TIPO}
                onClick={() => onChange(tipo.id, cantidad + 1)}
              >
                <IconPlus size={20} aria-hidden />
              </ActionIcon>
              <Text w={110} ta="right" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} visibleFrom="xs">
                {sinPrecio ? '—' : formatMoney(subtotal)}
              </Text>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
