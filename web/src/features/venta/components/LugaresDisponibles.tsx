import { Alert, Group, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { disponibilidadQuery, type Cupo, type SalidaDisponible } from '@/api/pasajes';
import { useEmpresa } from '@/lib/company';
import { DEFAULT_TIMEZONE, horaEn } from '@/lib/dates';
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

/** A departure still sells while it has not sailed nor been cancelled. */
const abierta = (s: SalidaDisponible) => s.estado === 'programada' || s.estado === 'embarcando';

/**
 * The departure a new sale starts on: the day's first open outbound one that has not left yet (today:
 * at or after `ahora`, HH:MM), else null (the day is sold, as a company without departures sells it). A
 * return ('vuelta') is sold when the seller chooses it: the counter sells the way out unless told.
 */
export function proximaSalida(salidas: SalidaDisponible[], esHoy: boolean, ahora: string): SalidaDisponible | null {
  return salidas.find((s) => abierta(s) && s.sentido === 'ida' && (!esHoy || s.hora >= ahora)) ?? null;
}

/** How a departure reads among the choices: its time, boat and seats, or why it no longer sells. */
function describirSalida(s: SalidaDisponible): { label: string; description: string } {
  const label = `${s.hora} · ${s.embarcacion || 'Sin embarcación'}${s.sentido === 'vuelta' ? ' · Vuelta' : ''}`;
  if (!abierta(s)) return { label, description: s.estado === 'cancelada' ? 'Cancelada' : 'Ya zarpó' };
  const embarque = s.parada_embarque ? ` · embarca en ${s.parada_embarque}` : '';
  if (s.capacidad === 0) return { label, description: `Sin límite de lugares${embarque}` };
  const quedan = s.quedan <= 0 ? 'Sin lugares (requiere supervisor)' : `Quedan ${lugares(s.quedan)} de ${formatNumber(s.capacidad)}`;
  return { label, description: `${quedan}${embarque}` };
}

interface SalidasDelDiaProps {
  salidas: SalidaDisponible[];
  elegida: number | null;
  onElegir: (id: number | null) => void;
  /** YYYY-MM-DD of the trip, and today's. */
  fecha: string;
  hoy: string;
}

/** The day's departures of the section to sell: the next one is chosen when none is (or the chosen one closed). */
function SalidasDelDia({ salidas, elegida, onElegir, fecha, hoy }: SalidasDelDiaProps) {
  const { timezone } = useEmpresa();
  const vigente = salidas.find((s) => s.id === elegida && abierta(s)) ?? null;
  const proxima = proximaSalida(salidas, fecha === hoy, horaEn(timezone || DEFAULT_TIMEZONE));
  useEffect(() => {
    if (vigente === null && (proxima?.id ?? null) !== elegida) onElegir(proxima?.id ?? null);
  }, [vigente, proxima, elegida, onElegir]);
  return (
    <Radio.Group label="Salida" value={elegida === null ? null : String(elegida)} onChange={(v) => onElegir(Number(v))}>
      <Group gap="md" mt="xs" align="flex-start">
        {salidas.map((s) => (
          <Radio key={s.id} value={String(s.id)} disabled={!abierta(s)} {...describirSalida(s)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

interface LugaresDisponiblesProps {
  seccionId: number;
  /** YYYY-MM-DD. */
  fecha: string;
  hoy: string;
  pedidos: number;
  /** The departure chosen (null: the day). */
  salidaId: number | null;
  onSalida: (id: number | null) => void;
  /**
   * Offline: the departures read before the link dropped are still offered (the sale syncs into the one
   * chosen, never refused), and the seats, no longer current, are not shown.
   */
  sinConexion?: boolean;
}

/**
 * Reads and shows the seats left for a date and section and, when the day has departures, offers them
 * (the next one chosen); nothing while loading or when the read fails (offline: what was read before).
 */
export function LugaresDisponibles({ seccionId, fecha, hoy, pedidos, salidaId, onSalida, sinConexion = false }: LugaresDisponiblesProps) {
  const { data } = useQuery(disponibilidadQuery(seccionId, fecha));
  if (!data) return null;
  const salidas = data.salidas_del_dia;
  return (
    <Stack gap="xs">
      {salidas.length > 0 && <SalidasDelDia salidas={salidas} elegida={salidaId} onElegir={onSalida} fecha={fecha} hoy={hoy} />}
      {!sinConexion && <VistaLugares cupo={data} fecha={fecha} pedidos={pedidos} />}
    </Stack>
  );
}
