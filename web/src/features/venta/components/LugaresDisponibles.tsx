import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { disponibilidadQuery, type Cupo } from '@/api/pasajes';
import { formatDate, formatNumber } from '@/lib/format';

/** "1 lugar", "12 lugares". */
const lugares = (n: number) => `${formatNumber(n)} ${n === 1 ? 'lugar' : 'lugares'}`;

interface VistaLugaresProps {
  cupo: Cupo;
  /** YYYY-MM-DD. */
  fecha: string;
  /** The passengers of the sale being loaded. */
  pedidos: number;
}

/**
 * The seats left for the chosen date and section: a plain line while they suffice, a warning when
 * the sale goes past them, a red alert when none are left (selling then needs a supervisor).
 */
export function VistaLugares({ cupo, fecha, pedidos }: VistaLugaresProps) {
  if (!cupo.limitado) {
    return <Text size="sm" c="dimmed" role="status">Sin capacidad configurada para esta sección: no hay límite de lugares.</Text>;
  }
  const origen = cupo.origen === 'salidas'
    ? `${cupo.salidas === 1 ? 'la salida' : `las ${cupo.salidas} salidas`} del ${formatDate(fecha)}`
    : `la sección el ${formatDate(fecha)}`;
  if (cupo.quedan <= 0) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={`No quedan lugares (${formatNumber(cupo.vendidos)} vendidos de ${formatNumber(cupo.capacidad)})`}>
        Capacidad de {origen}: {lugares(cupo.capacidad)}. Vender más requiere la confirmación de un supervisor.
      </Alert>
    );
  }
  const excede = pedidos > cupo.quedan;
  return (
    <div role="status">
      <Text fw={700} c={cupo.quedan <= 5 ? 'red.9' : undefined}>
        Quedan {lugares(cupo.quedan)} <Text span c="dimmed" fw={400} size="sm">de {formatNumber(cupo.capacidad)} ({origen})</Text>
      </Text>
      {excede && (
        <Text size="sm" c="red.8" fw={600}>
          La venta lleva {formatNumber(pedidos)} pasajeros: supera los lugares y requerirá la confirmación de un supervisor.
        </Text>
      )}
    </div>
  );
}

interface LugaresDisponiblesProps {
  seccionId: number;
  /** YYYY-MM-DD. */
  fecha: string;
  pedidos: number;
}

/** Reads and shows the seats left for a date and section (nothing while loading or when the read fails). */
export function LugaresDisponibles({ seccionId, fecha, pedidos }: LugaresDisponiblesProps) {
  const { data } = useQuery(disponibilidadQuery(seccionId, fecha));
  if (!data) return null;
  return <VistaLugares cupo={data} fecha={fecha} pedidos={pedidos} />;
}
