import { ActionIcon, Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { formatMoney } from '@/lib/format';
import { MAX_POR_TIPO, type Linea } from '@/features/venta/useVenta';

interface CantidadesProps {
  lineas: Linea[];
  onChange: (tipoId: number, texto: string) => void;
}

/** ↑ and ↓ step the quantity by one within 0–50, like a number box. */
function paso(event: KeyboardEvent, cantidad: number): number | null {
  if (event.key === 'ArrowUp') return Math.min(MAX_POR_TIPO, cantidad + 1);
  if (event.key === 'ArrowDown') return Math.max(0, cantidad - 1);
  return null;
}

/**
 * Step 2a: a 0–50 stepper per passenger type with its unit price and subtotal.
 * The first priced input takes the focus when it appears (a section was just chosen).
 */
export function Cantidades({ lineas, onChange }: CantidadesProps) {
  const primera = lineas.find((l) => l.precio !== null);
  return (
    <Stack gap="xs">
      {lineas.map(({ tipo, precio, texto, error, cantidad, subtotal }) => {
        const sinPrecio = precio === null;
        return (
          <Group key={tipo.id} justify="space-between" wrap="nowrap" gap="sm" opacity={sinPrecio ? 0.6 : 1}>
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{tipo.nombre}</Text>
              {sinPrecio ? <Badge color="gray" variant="light">Sin precio</Badge> : <Text size="sm" c="dimmed">{formatMoney(precio)} c/u</Text>}
              {error && <Text size="sm" c="red.8" id={`cantidad-error-${tipo.id}`} role="alert">{error}</Text>}
            </div>
            <Group gap={6} wrap="nowrap">
              <ActionIcon
                size="xl"
                variant="default"
                tabIndex={-1}
                aria-label={`Quitar un pasajero ${tipo.nombre}`}
                disabled={sinPrecio || cantidad === 0}
                onClick={() => onChange(tipo.id, String(cantidad - 1))}
              >
                <IconMinus size={20} aria-hidden />
              </ActionIcon>
              <TextInput
                aria-label={`Cantidad ${tipo.nombre}`}
                w={72}
                size="lg"
                inputMode="numeric"
                autoComplete="off"
                autoFocus={tipo.id === primera?.tipo.id}
                onFocus={(event) => event.currentTarget.select()}
                disabled={sinPrecio}
                value={texto}
                error={error !== null}
                aria-describedby={error ? `cantidad-error-${tipo.id}` : undefined}
                onChange={(event) => onChange(tipo.id, event.currentTarget.value)}
                onKeyDown={(event) => {
                  const siguiente = paso(event, cantidad);
                  if (siguiente === null) return;
                  event.preventDefault();
                  onChange(tipo.id, String(siguiente));
                }}
                styles={{ input: { textAlign: 'center' } }}
              />
              <ActionIcon
                size="xl"
                variant="default"
                tabIndex={-1}
                aria-label={`Agregar un pasajero ${tipo.nombre}`}
                disabled={sinPrecio || cantidad >= MAX_POR_TIPO}
                onClick={() => onChange(tipo.id, String(cantidad + 1))}
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
