import { Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryState } from '@/components/QueryState';
import { errorMessage } from '@/lib/api';
import { useHoy } from '@/lib/dates';
import { formatDate } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifyError } from '@/lib/notify';
import { pasajerosQuery, useValidarPasaje, type FiltrosPasajeros as Filtros, type Pasajero } from '@/api/embarque';
import { Conteo } from '@/features/embarque/components/Conteo';
import { DeshacerEmbarque } from '@/features/embarque/components/DeshacerEmbarque';
import { FiltrosPasajeros } from '@/features/embarque/components/FiltrosPasajeros';
import { PasajerosLista } from '@/features/embarque/components/PasajerosLista';
import { useDeshacerReciente } from '@/features/embarque/useDeshacerReciente';

/**
 * Validar at once, then 'Deshacer' for a few seconds: a wrong tap is one more tap away from undone. A ticket
 * of another day than today (a list of another date) is boarded only once the crew says so, as the validator
 * asks (`porConfirmar`).
 */
function useValidarConDeshacer(hoy: string) {
  const validacion = useValidarPasaje();
  const { reciente, ofrecer, deshaciendo, deshacerReciente, olvidar } = useDeshacerReciente();
  const [porConfirmar, setPorConfirmar] = useState<Pasajero | null>(null);

  const embarcar = (pasajero: Pasajero) => {
    const clave = newIdempotencyKey();
    validacion.mutate({ id: pasajero.id, clave }, {
      onSuccess: ({ message }) => ofrecer({ clave, id: pasajero.id, numeroPasaje: pasajero.numero_pasaje,
        cliente: pasajero.cliente_nombre, mensaje: message ?? 'Embarque validado exitosamente' }),
      onError: (e) => notifyError(errorMessage(e, 'Error al validar')),
    });
  };
  const validar = (pasajero: Pasajero) => (pasajero.fecha_viaje === hoy ? embarcar(pasajero) : setPorConfirmar(pasajero));

  return {
    validandoId: validacion.isPending ? validacion.variables.id : null,
    validar,
    porConfirmar,
    confirmar: () => {
      if (porConfirmar) embarcar(porConfirmar);
      setPorConfirmar(null);
    },
    descartar: () => setPorConfirmar(null),
    reciente,
    deshaciendo,
    deshacerReciente,
    olvidar,
  };
}

/** 'Lista de Pasajeros': a date's tickets with their boarding state; pending ones can be boarded here. */
export function ListaPasajerosPage() {
  const hoy = useHoy();
  const [filtros, setFiltros] = useState<Filtros>({ fecha: hoy, seccion_id: '', tipo_viaje_id: '', embarcado: '' });
  const { data, isPending, error, refetch } = useQuery({ ...pasajerosQuery(filtros), placeholderData: keepPreviousData });
  const { validandoId, validar, porConfirmar, confirmar, descartar, reciente, deshaciendo, deshacerReciente, olvidar } =
    useValidarConDeshacer(hoy);

  return (
    <Stack>
      <div>
        <Title order={1}>Lista de Pasajeros</Title>
        <Text c="dimmed">Pasajeros del día y su estado de embarque</Text>
      </div>
      <FiltrosPasajeros value={filtros} onChange={setFiltros} />
      <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al cargar los pasajes" onRetry={() => void refetch()}>
        {data && (
          <>
            <Paper withBorder p="md" radius="md">
              <Conteo conteo={data.stats} />
            </Paper>
            <PasajerosLista pasajeros={data.pasajes} validandoId={validandoId} onValidar={validar} />
          </>
        )}
      </QueryState>
      <ConfirmDialog opened={porConfirmar !== null} title="Pasaje de otro día" confirmLabel="Embarcar igual"
        cancelLabel="No embarcar" onConfirm={confirmar} onClose={descartar}>
        <Text>Pasaje para el {formatDate(porConfirmar?.fecha_viaje ?? '')} — ¿embarcar igual?</Text>
        {porConfirmar && <Text size="sm" c="dimmed">{porConfirmar.numero_pasaje} · {porConfirmar.cliente_nombre}</Text>}
      </ConfirmDialog>
      {reciente && (
        <DeshacerEmbarque key={reciente.clave} reciente={reciente} deshaciendo={deshaciendo} onDeshacer={deshacerReciente} onVencido={olvidar} />
      )}
    </Stack>
  );
}
