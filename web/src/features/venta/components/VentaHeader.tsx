import { Badge, Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { IconCashRegister, IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Caja } from '@/api/caja';
import { FechaInput } from '@/components/FechaInput';
import { BotonesImpresion } from '@/components/impresion/BotonesImpresion';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

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

/**
 * The register's state: open (with its opening amount), none (with the button that opens one), or
 * open with its close waiting for a supervisor, which sells nothing (the approval is on 'Gestión de Caja').
 */
function EstadoCaja({ caja, onAbrirCaja }: Pick<VentaHeaderProps, 'caja' | 'onAbrirCaja'>) {
  if (caja?.pendiente_aprobacion) {
    return (
      <>
        <Badge color="orange" variant="light" size="lg" tt="none">Cierre pendiente de aprobación</Badge>
        <Button component={Link} to={paths.gestionCaja} size="xs" variant="light" leftSection={<IconHourglass size={16} aria-hidden />}>
          Ir a Gestión de Caja
        </Button>
      </>
    );
  }
  if (caja) {
    return (
      <Badge color="green" variant="light" size="lg" tt="none">
        Caja abierta · Apertura {formatMoney(caja.monto_apertura)}
      </Badge>
    );
  }
  return (
    <>
      <Badge color="red" variant="light" size="lg" tt="none">Sin caja abierta</Badge>
      <Button size="xs" leftSection={<IconCashRegister size={16} aria-hidden />} onClick={onAbrirCaja} autoFocus>
        Abrir Caja
      </Button>
    </>
  );
}

/** Title, register status, printing buttons and the trip date. */
export function VentaHeader(props: VentaHeaderProps) {
  const { caja, onAbrirCaja, fechaViaje, hoy, onFechaViaje, fechaFijada, onFechaFijada } = props;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1}>{TITULO_VENTA}</Title>
        <Group gap="xs" mt={4}>
          <EstadoCaja caja={caja} onAbrirCaja={onAbrirCaja} />
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
