import { Alert, Button, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { pasajesDelConflictoQuery, useNombrarPasajeros, type ConflictoOffline, type NombrarPasajeros, type PasajeDelConflicto } from '@/api/conflictos';
import { QueryState } from '@/components/QueryState';
import { errorMessage } from '@/lib/api';
import { notifySuccess } from '@/lib/notify';

type PasajeroNombrado = NombrarPasajeros['pasajeros'][number];
type TipoDocumento = NonNullable<PasajeroNombrado['documento_tipo']>;

/** The document types a passenger may carry (the server's domain.DocumentosPasajero). */
const DOCUMENTOS: TipoDocumento[] = ['DNI', 'PASAPORTE', 'CI', 'OTRO'];

/** Said when 'Guardar nombres' is pressed with no name typed or changed. */
export const MSG_SIN_NOMBRES_NUEVOS = 'Escriba el nombre de al menos un pasajero';

interface Fila {
  nombre: string;
  documento_tipo: TipoDocumento;
  documento_numero: string;
}

const filaDe = (p: PasajeDelConflicto): Fila => ({
  nombre: p.pasajero?.nombre ?? '',
  documento_tipo: (p.pasajero?.documento_tipo || 'DNI') as TipoDocumento,
  documento_numero: p.pasajero?.documento_numero ?? '',
});

/** The rows typed that name someone new or differently, as the request carries them. */
function cambios(pasajes: PasajeDelConflicto[], filas: Record<number, Fila>): PasajeroNombrado[] {
  return pasajes.flatMap((p) => {
    const f = filas[p.id];
    const antes = filaDe(p);
    if (!f || !f.nombre.trim() || (f.nombre === antes.nombre && f.documento_numero === antes.documento_numero &&
      f.documento_tipo === antes.documento_tipo)) return [];
    const numero = f.documento_numero.trim();
    return [{ pasaje_id: p.id, nombre: f.nombre.trim(), ...(numero && { documento_tipo: f.documento_tipo, documento_numero: numero }) }];
  });
}

/**
 * 'Completar nombres' of an offline sale synced without the names its section requires (the mark sin_nombres):
 * a row per ticket of the sale with its passenger's name and document, typed with Tab, saved in one request.
 * onNombrados gets how many were named, for the resolution's note.
 */
export function CompletarNombres({ conflicto, onNombrados }: { conflicto: ConflictoOffline; onNombrados: (n: number) => void }) {
  const query = useQuery(pasajesDelConflictoQuery(conflicto.id));
  const nombrar = useNombrarPasajeros(conflicto.id);
  const [filas, setFilas] = useState<Record<number, Fila>>({});
  const [aviso, setAviso] = useState<string | null>(null);
  const pasajes = query.data ?? [];
  const fila = (p: PasajeDelConflicto) => filas[p.id] ?? filaDe(p);
  const cambiar = <K extends keyof Fila>(p: PasajeDelConflicto, campo: K, valor: Fila[K]) =>
    setFilas((fs) => ({ ...fs, [p.id]: { ...fila(p), [campo]: valor } }));
  const guardar = () => {
    const pasajeros = cambios(pasajes, filas);
    setAviso(pasajeros.length === 0 ? MSG_SIN_NOMBRES_NUEVOS : null);
    if (pasajeros.length === 0) return;
    nombrar.mutate({ pasajeros }, {
      onSuccess: ({ message }) => {
        setFilas({});
        notifySuccess(message ?? 'Pasajeros guardados exitosamente');
        onNombrados(pasajeros.length);
      },
    });
  };
  // Enter in a row saves the names, not the resolution around them.
  const alEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    guardar();
  };
  const error = aviso ?? (nombrar.error ? errorMessage(nombrar.error, 'Error al guardar los pasajeros') : null);
  return (
    <Fieldset legend="Pasajeros de la venta">
      <QueryState pending={query.isPending} error={query.error} errorTitle="Error al cargar los pasajes" onRetry={() => void query.refetch()}>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">La sección exige el nombre de cada pasajero: complete los que faltan y guárdelos.</Text>
          {pasajes.map((p) => {
            const f = fila(p);
            return (
              <Group key={p.id} align="flex-end" gap="xs" wrap="wrap" role="group" aria-label={`Pasaje ${p.numero_pasaje}`}>
                <Text ff="monospace" size="sm" w={150}>{p.numero_pasaje}</Text>
                <TextInput label="Nombre y apellido" aria-label={`Nombre y apellido del pasaje ${p.numero_pasaje}`} value={f.nombre}
                  maxLength={100} style={{ flex: 2, minWidth: 180 }} onKeyDown={alEnter}
                  onChange={(e) => cambiar(p, 'nombre', e.currentTarget.value)} />
                <NativeSelect label="Documento" aria-label={`Tipo de documento del pasaje ${p.numero_pasaje}`} data={DOCUMENTOS}
                  value={f.documento_tipo} onChange={(e) => cambiar(p, 'documento_tipo', e.currentTarget.value as TipoDocumento)} />
                <TextInput label="Número" aria-label={`Número de documento del pasaje ${p.numero_pasaje}`} value={f.documento_numero}
                  maxLength={20} style={{ flex: 1, minWidth: 120 }} onKeyDown={alEnter}
                  onChange={(e) => cambiar(p, 'documento_numero', e.currentTarget.value)} />
              </Group>
            );
          })}
          {error && <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button type="button" variant="light" onClick={guardar} loading={nombrar.isPending}>Guardar nombres</Button>
          </Group>
        </Stack>
      </QueryState>
    </Fieldset>
  );
}
