import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { manifiestoQuery, type Manifiesto } from './salidas';
import { salidasKeys } from './keys';
import { hayAlmacenLocal } from '@/lib/offline/persistencia';

/*
 * A departure's manifest for whoever boards it, online and offline (docs/features/manifiesto.md):
 * useManifiesto(salidaId) reads GET /salidas/{id}/manifiesto (refreshed by every boarding event) and keeps
 * each answer in this phone's offline database, in its `config` store under `manifiesto:{id}` (no schema
 * change: the store holds named entries with when they were saved). Without connection the hook answers
 * the last copy kept, with its age. The validator calls it with the departure it boards; it holds one
 * departure's manifest at a time per id, and guardarManifiesto / leerManifiestoLocal let it keep or read
 * one without React.
 */

/** The config entry of a departure's manifest. */
export const claveManifiesto = (salidaId: number) => `manifiesto:${salidaId}`;

/** A manifest kept on this phone, with when (device ms). */
export interface ManifiestoLocal {
  manifiesto: Manifiesto;
  guardado_en: number;
}

/** The offline database (Dexie): a chunk apart, which the validator loads after its first paint. */
const baseOffline = async () => (await import('@/lib/offline/db')).baseOffline;

/** Keeps a departure's manifest on this phone (replacing the one kept before). */
export async function guardarManifiesto(m: Manifiesto, ahora = Date.now()): Promise<void> {
  if (!hayAlmacenLocal()) return;
  await (await baseOffline()).config.put({ clave: claveManifiesto(m.encabezado.salida_id), valor: m, guardado_en: ahora });
}

/** The manifest of a departure kept on this phone, or null. */
export async function leerManifiestoLocal(salidaId: number): Promise<ManifiestoLocal | null> {
  if (!hayAlmacenLocal()) return null;
  const e = await (await baseOffline()).config.get(claveManifiesto(salidaId));
  if (!e) return null;
  // a copy kept before the crew roster was part of the manifest has none
  const m = e.valor as Omit<Manifiesto, 'tripulacion'> & { tripulacion?: Manifiesto['tripulacion'] };
  return { manifiesto: { ...m, tripulacion: m.tripulacion ?? [] }, guardado_en: e.guardado_en };
}

/** What useManifiesto answers: the manifest (the server's, or the copy kept when offline) and where it came from. */
export interface ManifiestoVisto {
  manifiesto: Manifiesto | undefined;
  /** The server did not answer and this is the copy kept on the phone, saved at guardadoEn (device ms). */
  local: boolean;
  guardadoEn: number | null;
  pending: boolean;
  error: Error | null;
  refetch: () => void;
  isFetching: boolean;
}

/**
 * A departure's manifest (null id: none): the server's while online, kept on the phone at every answer;
 * the phone's copy while the server does not answer.
 */
export function useManifiesto(salidaId: number | null): ManifiestoVisto {
  const query = useQuery({ ...manifiestoQuery(salidaId ?? 0), enabled: salidaId !== null });
  const local = useQuery({
    queryKey: [...salidasKeys.manifiesto(salidaId ?? 0), 'local'],
    queryFn: () => leerManifiestoLocal(salidaId ?? 0),
    // the server did not answer, or the query waits for the connection (react-query pauses it offline)
    enabled: salidaId !== null && !query.data && (query.isError || query.fetchStatus === 'paused'),
    networkMode: 'always',
  });
  useEffect(() => {
    if (query.data) void guardarManifiesto(query.data).catch(() => undefined);
  }, [query.data]);
  const copia = !query.data ? local.data ?? null : null;
  return {
    manifiesto: query.data ?? copia?.manifiesto,
    local: copia !== null,
    guardadoEn: copia?.guardado_en ?? null,
    pending: salidaId !== null && query.isPending && !copia,
    error: query.data || copia ? null : query.error,
    refetch: () => void query.refetch(),
    isFetching: query.isFetching,
  };
}
