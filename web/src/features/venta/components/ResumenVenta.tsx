import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '@/lib/format';
import type { Linea } from '@/features/venta/useVenta';

interface ResumenVentaProps {
  seccion: string | null;
  /** The departure chosen ('12:00 · Delta Sur'), or null when the sale is for the day. */
  salida?: string | null;
  lineas: Linea[];
  medioPago: string | null;
  totalPasajeros: number;
  total: number;
  /** YYYY-MM-DD. */
  fechaViaje: string;
  /** Today, YYYY-MM-DD. */
  hoy: string;
}

function Fila({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : 600} fz={strong ? 'xl' : undefined} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The sale summary: the trip date when it is not today, section, departure, lines type × quantity, payment method, passengers and total. */
export function ResumenVenta({ seccion, salida = null, lineas, medioPago, totalPasajeros, total, fechaViaje, hoy }: ResumenVentaProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="resumen-venta">
      <Title order={2} size="h4" mb="sm" id="resumen-venta">Resumen de la venta</Title>
      <Stack gap={6}>
        {fechaViaje && fechaViaje !== hoy && (
          <Text bg="red.9" c="white" fw={700} p="xs" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            Viaje del {formatDate(fechaViaje)} (no es hoy)
          </Text>
        )}
        <Fila label="Sección" value={seccion ?? '—'} />
        {salida && <Fila label="Salida" value={salida} />}
        {lineas.map((l) => (
          <Fila key={l.tipo.id} label={`${l.tipo.nombre} × ${l.cantidad}`} value={formatMoney(l.subtotal)} />
        ))}
        <Fila label="Medio de pago" value={medioPago ?? '—'} />
        <Divider />
        <Fila label="Total pasajeros" value={String(totalPasajeros)} />
        <Fila label="Total a pagar" value={formatMoney(total)} strong />
      </Stack>
    </Paper>
  );
}
