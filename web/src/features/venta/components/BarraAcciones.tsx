import { Alert, Box, Button, Group, Kbd, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { formatCantidad, formatDate, formatMoney } from '@/lib/format';

interface BarraAccionesProps {
  total: number;
  totalPasajeros: number;
  /** The trip date, YYYY-MM-DD. */
  fechaViaje: string;
  /** Today, YYYY-MM-DD: another trip date is named on the confirm button. */
  hoy: string;
  /** The message of the last failed submit. */
  aviso: string | null;
  /** The last sale's answer was lost: the message offers to retry it now or to discard it. */
  incierta: boolean;
  onReintentar: () => void;
  onDescartar: () => void;
  creando: boolean;
  /** The chosen method charges by Mercado Pago QR: the main action makes an order, not the tickets. */
  cobroQr: boolean;
  haySeccion: boolean;
  onCambiarSeccion: () => void;
  onCancelar: () => void;
}

/** Progress of a sale being created: the server creates every ticket at once. */
function Progreso({ cantidad }: { cantidad: number }) {
  return (
    <Box role="status">
      <Text size="sm" fw={600}>Creando {cantidad} pasajes...</Text>
      <Progress value={100} striped animated aria-label={`Creando ${cantidad} pasajes`} mt={4} />
    </Box>
  );
}

function Atajos() {
  return (
    <Text size="xs" c="dimmed" visibleFrom="sm">
      Atajos: <Kbd>Tab</Kbd> / flechas recorren secciones y campos · <Kbd>Enter</Kbd> elige la sección ·{' '}
      <Kbd>↑</Kbd> <Kbd>↓</Kbd> o números cambian cantidades · <Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd> (o <Kbd>Enter</Kbd> en un campo) crea los pasajes
    </Text>
  );
}

/** Sticky bottom bar: the total is always in sight, with the sale's buttons and the keyboard hints. */
export function BarraAcciones(props: BarraAccionesProps) {
  const { total, totalPasajeros, fechaViaje, hoy, aviso, incierta, creando, cobroQr, haySeccion, onCambiarSeccion, onCancelar } = props;
  const accion = cobroQr ? 'Cobrar con QR' : totalPasajeros === 1 ? 'Crear Pasaje' : 'Crear Pasajes';
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 5 }}
    >
      <Stack gap="xs">
        {aviso && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" py="xs">
            {aviso}
            {incierta && (
              <Group gap="xs" mt="xs">
                <Button size="compact-sm" onClick={props.onReintentar} loading={creando}>Reintentar ahora</Button>
                <Button size="compact-sm" variant="default" onClick={props.onDescartar} disabled={creando}>Descartar la venta</Button>
              </Group>
            )}
          </Alert>
        )}
        {creando && !cobroQr && totalPasajeros > 1 && <Progreso cantidad={totalPasajeros} />}
        <Group justify="space-between" gap="sm">
          <Text fz="xl" fw={700} aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>
            Total: {formatMoney(total)}{' '}
            <Text span c="dimmed" fz="md" fw={500}>· {formatCantidad(totalPasajeros, 'pasajero')}</Text>
          </Text>
          <Group gap="xs" grow preventGrowOverflow={false} style={{ flexGrow: 1, justifyContent: 'flex-end' }}>
            <Button variant="default" size="md" onClick={onCambiarSeccion} disabled={!haySeccion || creando}>
              Cambiar Sección
            </Button>
            <Button variant="default" size="md" onClick={onCancelar} disabled={creando}>Cancelar</Button>
            <Button type="submit" size="md" color="secondary" loading={creando}>
              {accion} — {formatMoney(total)}
              {fechaViaje && fechaViaje !== hoy && ` para el ${formatDate(fechaViaje)}`}
            </Button>
          </Group>
        </Group>
        <Atajos />
      </Stack>
    </Paper>
  );
}
