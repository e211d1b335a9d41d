import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { QueryState } from '@/components/QueryState';
import { errorMessage } from '@/lib/api';
import { useHoy } from '@/lib/dates';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  pasajerosQuery,
  useDeshacerEmbarque,
  useValidarPasaje,
  type FiltrosPasajeros as Filtros,
  type Pasajero,
} from '@/api/embarque';
import { Conteo } from '@/features/embarque/components/Conteo';
import { DeshacerEmbarque, type EmbarqueReciente } from '@/features/embarque/components/DeshacerEmbarque';
import { FiltrosPasajeros } from '@/features/embarque/components/FiltrosPasajeros';
import { PasajerosLista } from '@/features/embarque/components/PasajerosLista';

/** Validar at once, then 'Deshacer' for a few seconds: a wrong tap is one more tap away from undone. */
function useValidarConDeshacer() {
  const validacion = useValidarPasaje();
  const deshacer = useDeshacerEmbarque();
  const [reciente, setReciente] = useState<EmbarqueReciente | null>(null);

  const validar = (pasajero: Pasajero) => {
    const clave = newIdempotencyKey();
    validacion.mutate({ id: pasajero.id, clave }, {
      onSuccess: ({ message }) => setReciente({ clave, pasajero, mensaje: message ?? 'Embarque validado exitosamente' }),
      onError: (e) => notifyError(errorMessage(e, 'Error al validar')),
    });
  };

  const deshacerReciente = () => {
    if (!reciente) return;
    deshacer.mutate({ id: reciente.pasajero.id, clave: newIdempotencyKey() }, {
      onSuccess: ({ message }) => notifySuccess(message ?? 'Embarque deshecho'),
      onError: (e) => notifyError(errorMessage(e, 'Error al deshacer el embarque')),
      onSettled: () => setReciente(null),
    });
  };

  const olvidar = useCallback(() => setReciente(null), []);
  return {
    validandoId: validacion.isPending ? validacion.variables.id : null,
    validar,
    reciente,
    deshaciendo: deshacer.isPending,
    deshacerReciente,
    olvidar,
  };
}

/** 'Lista de Pasajeros': a date's tickets with their boarding state; pending ones can be boarded here. */
export function ListaPasajerosPage() {
  const hoy = useHoy();
  const [filtros, setFiltros] = useState<Filtros>({ fecha: hoy, seccion_id: '', tipo_viaje_id: '', embarcado: '' });
  const { data, isPending, error, refetch } = useQuery({ ...pasajerosQuery(filtros), placeholderData: keepPreviousData });
  const { validandoId, validar, reciente, deshaciendo, deshacerReciente, olvidar } = useValidarConDeshacer();

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
      {reciente && (
        <>
          {/* Room under the last passenger, so the bar never covers its Validar. */}
          <Box h={96} aria-hidden />
          <DeshacerEmbarque key={reciente.clave} reciente={reciente} deshaciendo={deshaciendo} onDeshacer={deshacerReciente} onVencido={olvidar} />
        </>
      )}
    </Stack>
  );
}
