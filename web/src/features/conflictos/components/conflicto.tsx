import { Badge, Group, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ConflictoOffline, LadoConflicto } from '@/api/conflictos';
import { formatDateTime, formatMoney } from '@/lib/format';

/** The kinds of conflict, in Spanish, with their badge's colour. */
const TIPOS: Record<ConflictoOffline['tipo'], { label: string; color: string }> = {
  embarque_duplicado: { label: 'Embarque duplicado', color: 'orange' },
  embarque_rechazado: { label: 'Embarque rechazado', color: 'red' },
  venta_rechazada: { label: 'Venta rechazada', color: 'red' },
  embarque_sin_lugar: { label: 'Embarque sin lugar en la salida', color: 'violet' },
  accion_observada: { label: 'Sincronizada con observaciones', color: 'yellow' },
};

/** The marks the sync leaves on an act for the supervisor, in Spanish (the server's `domain.EtiquetasMarcas`). */
const MARCAS: Record<string, string> = {
  precio_desactualizado: 'Precio desactualizado',
  caja_cerrada: 'Caja cerrada',
  dispositivo_revocado: 'Dispositivo revocado',
  reloj_desfasado: 'Reloj del dispositivo desfasado',
  sobreventa: 'Sobreventa',
  sin_nombres: 'Pasajeros sin nombre en una sección que los exige',
};

/** A mark in Spanish: 'Precio desactualizado' (an unknown one as the server sent it). */
export const etiquetaMarca = (marca: string) => MARCAS[marca] ?? marca;

/** The act's marks as badges, labelled for screen readers as 'Observaciones'; nothing when it has none. */
export function MarcasConflicto({ marcas }: { marcas: string[] }) {
  if (marcas.length === 0) return null;
  return (
    <Group gap={4} role="list" aria-label="Observaciones">
      {marcas.map((m) => <Badge key={m} role="listitem" color="orange" variant="outline" size="sm">{etiquetaMarca(m)}</Badge>)}
    </Group>
  );
}

export function TipoConflicto({ tipo }: { tipo: ConflictoOffline['tipo'] }) {
  return <Badge color={TIPOS[tipo].color} variant="light">{TIPOS[tipo].label}</Badge>;
}

/** The kind of a conflict in Spanish: 'Embarque duplicado'. */
export const etiquetaTipo = (tipo: ConflictoOffline['tipo']) => TIPOS[tipo].label;

/**
 * What a supervisor does about a kind of conflict before marking it resolved, when the detail alone does not say
 * it: a passenger boarded offline without the seat of their departure is on no departure's list until moved.
 */
const QUE_HACER: Partial<Record<ConflictoOffline['tipo'], string>> = {
  embarque_sin_lugar:
    'El pasajero embarcó, pero no figura en ninguna salida ni ocupa un asiento: muévalo a la salida en que viajó ' +
    '(o, si esa salida ya zarpó, agréguelo con una corrección del manifiesto) y después márquelo resuelto.',
};

export const queHacer = (tipo: ConflictoOffline['tipo']) => QUE_HACER[tipo];

/**
 * The two acts of a conflict in the order they happened: the server's `primero` is what the ticket held
 * when the other act synced, which may be the later scan (the earlier one is then recorded beside it).
 */
export function ladosEnOrden(k: ConflictoOffline): [LadoConflicto | null, LadoConflicto] {
  if (k.primero && dayjs(k.segundo.momento).isBefore(k.primero.momento)) return [k.segundo, k.primero];
  return [k.primero, k.segundo];
}

/**
 * One act: 'usuario · dispositivo · hora' ('En línea' when it was not offline), the time with
 * seconds (two phones scan a ticket seconds apart) and its date when it is not the conflict's day; '—' when none.
 */
export function ladoTexto(lado: LadoConflicto | null, fecha: string): string {
  if (!lado) return '—';
  const momento = dayjs(lado.momento);
  const hora = momento.format(momento.isSame(fecha, 'day') ? 'HH:mm:ss' : 'DD/MM/YYYY HH:mm:ss');
  return [lado.usuario, lado.dispositivo || 'En línea', hora].join(' · ');
}

/** The money the conflict involves and its register ('$ 1.500,50 · Caja #12'), or null when none. */
export function montoTexto(k: ConflictoOffline): string | null {
  if (k.monto <= 0) return null;
  return [formatMoney(k.monto), k.caja_id !== null ? `Caja #${k.caja_id}` : null].filter(Boolean).join(' · ');
}

/** Who resolved a conflict, when, and the note they left. */
export function Resolucion({ conflicto: k }: { conflicto: ConflictoOffline }) {
  return (
    <Stack gap={2}>
      <Text size="sm">Resuelto por {k.resuelto_por || '—'} el {formatDateTime(k.resuelto_en)}</Text>
      {k.nota && <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{k.nota}</Text>}
    </Stack>
  );
}
