import { Chip, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { mensajeExcedente } from '@/lib/capacidad';
import type { SalidaDelValidador as Props } from '@/features/embarque/useSalidaDelValidador';
import { formatNumber } from '@/lib/format';
import { nombreSalida } from '@/features/embarque/salidaValidador';
import { ManifiestoDelValidador } from '@/features/embarque/components/ManifiestoDelValidador';
import type { DeshacerEnManifiesto } from '@/features/embarque/useDeshacerReciente';

/**
 * The departure the validator boards into, changeable in one tap, with its boarded / capacity
 * (the boat's certified capacity; offline, with this phone's queued boardings) and its 'Manifiesto'.
 * Nothing when the company has no departure that boards today.
 */
export function SalidaDelValidador({ salidas, salida, elegir, deshacer }: Props & { deshacer?: DeshacerEnManifiesto }) {
  if (!salida) return null;
  const lleno = salida.embarcados >= salida.capacidad;
  const excedente = salida.embarcados - salida.capacidad;
  const porcentaje = salida.capacidad > 0 ? Math.min(100, Math.round((salida.embarcados * 100) / salida.capacidad)) : 0;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Salida que embarca">
      <Stack gap="xs">
        <Chip.Group value={String(salida.id)} onChange={(value) => elegir(Number(value))}>
          <Group gap="xs" role="radiogroup" aria-label="Salida">
            {salidas.map((s) => (
              <Chip key={s.id} value={String(s.id)} size="md">{nombreSalida(s)}</Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">{salida.embarcacion}</Text>
            <ManifiestoDelValidador salida={salida} deshacer={deshacer} />
          </Group>
          <Text fw={700} fz="lg" c={lleno ? 'red.9' : undefined}>
            A bordo: {formatNumber(salida.embarcados)} / {formatNumber(salida.capacidad)}
          </Text>
        </Group>
        <Progress value={porcentaje} color={lleno ? 'red' : 'blue'} size="md"
          aria-label={`Ocupación de la salida de las ${salida.hora}: ${porcentaje}%`} />
        {/* over the capacity (a smaller boat, or offline boardings): the red count says what to do */}
        {excedente > 0 && <Text c="red.9" size="sm" fw={700}>{mensajeExcedente(excedente)}</Text>}
      </Stack>
    </Paper>
  );
}
