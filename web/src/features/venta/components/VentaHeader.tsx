import { Badge, Button, Checkbox, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCashRegister, IconPrinter, IconSettings } from '@tabler/icons-react';
import type { Caja } from '@/api/caja';
import { formatMoney } from '@/lib/format';
import { hasRole, useSession } from '@/lib/session';

/** Roles that will configure printing (operaciones §6). */
const IMPRESION_ROLES = ['admin', 'supervisor'] as const;

/** Impresión and Impresora: shown, disabled until the printing module arrives. */
function BotonesImpresion() {
  const { usuario } = useSession();
  const tooltip = hasRole(usuario, IMPRESION_ROLES)
    ? 'La configuración de impresión llega con el módulo de impresión'
    : 'No tiene permisos para configurar impresión';
  return (
    <>
      {[{ label: 'Impresión', icon: IconPrinter }, { label: 'Impresora', icon: IconSettings }].map(({ label, icon: ButtonIcon }) => (
        <Tooltip key={label} label={tooltip} withArrow>
          <Button
            variant="default"
            leftSection={<ButtonIcon size={18} aria-hidden />}
            data-disabled
            aria-disabled
            aria-description={tooltip}
            onClick={(event) => event.preventDefault()}
          >
            {label}
          </Button>
        </Tooltip>
      ))}
    </>
  );
}

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
        <Title order={1}>Venta Rápida de Pasajes</Title>
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
        <TextInput
          type="date"
          label="Fecha de viaje"
          min={hoy}
          value={fechaViaje}
          onChange={(event) => onFechaViaje(event.currentTarget.value)}
          w={170}
          description={
            <Checkbox
              size="xs"
              label="Mantener la fecha"
              checked={fechaFijada}
              onChange={(event) => onFechaFijada(event.currentTarget.checked)}
            />
          }
          inputWrapperOrder={['label', 'input', 'description']}
        />
        {fechaFijada && <Badge color="orange" variant="filled" size="lg" tt="none">Fecha fijada</Badge>}
      </Group>
    </Group>
  );
}
