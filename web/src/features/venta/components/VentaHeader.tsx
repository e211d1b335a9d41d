import { Badge, Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import type { Caja } from '@/api/caja';
import { FechaInput } from '@/components/FechaInput';
import { BotonesImpresion } from '@/components/impresion/BotonesImpresion';
import { formatMoney } from '@/lib/format';

/** The sale screen's title (also over its loading splash). */
export const TITULO_VENTA = 'Venta Rápida de Pasajes';

interface VentaHeaderProps {
  caja: Caja | null;
  onAbrirCaja: () => void;
  fechaViaje: string;
  hoy: string;
  onFechaViaje: (fecha: string) => void;
  /** The trip date stays after each sale. */
  fechaFijada: boolean;
  onFechaFijada: (fijada: boolean) => void;
}

/** Title, register status, printing buttons and the trip date. */
export function VentaHeader(props: VentaHeaderProps) {
  const { caja, onAbrirCaja, fechaViaje, hoy, onFechaViaje, fechaFijada, onFechaFijada } = props;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1}>{TITULO_VENTA}</Title>
        <Group gap="xs" mt={4}>
          {caja ? (
            <Badge color="green" variant="light" size="lg" tt="none">
              Caja abierta · Apertura {formatMoney(caja.monto_apertura)}
            </Badge>
          ) : (
            <>
              <Badge color="red" variant="light" size="lg" tt="none">Sin caja abierta</Badge>
              <Button size="xs" leftSection={<IconCashRegister size={16} aria-hidden />} onClick={onAbrirCaja} autoFocus>
                Abrir Caja
              </Button>
            </>
          )}
        </Group>
      </div>
      <Group gap="xs" align="flex-end">
        <BotonesImpresion />
        <Stack gap={4}>
          <FechaInput label="Fecha de viaje" min={hoy} value={fechaViaje} onChange={onFechaViaje} w={170} />
          <Checkbox
            size="xs"
            label="Mantener la fecha"
            checked={fechaFijada}
            onChange={(event) => onFechaFijada(event.currentTarget.checked)}
          />
        </Stack>
        {fechaFijada && <Badge color="orange" variant="filled" size="lg" tt="none">Fecha fijada</Badge>}
      </Group>
    </Group>
  );
}
