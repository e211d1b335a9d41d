import { Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/QueryState';
import { ApiError } from '@/lib/api';
import { useHoy } from '@/lib/dates';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifyError, notifySuccess } from '@/lib/notify';
import { pasajerosQuery, useValidarPasaje, type FiltrosPasajeros as Filtros, type Pasajero } from '@/api/embarque';
import { Conteo } from '@/features/embarque/components/Conteo';
import { FiltrosPasajeros } from '@/features/embarque/components/FiltrosPasajeros';
import { PasajerosTable } from '@/features/embarque/components/PasajerosTable';

/** 'Lista de Pasajeros': a date's tickets with their boarding state; pending ones can be boarded here. */
export function ListaPasajerosPage() {
  const hoy = useHoy();
  const [filtros, setFiltros] = useState<Filtros>({ fecha: hoy, seccion_id: '', tipo_viaje_id: '', embarcado: '' });
  const { data, isPending, error, refetch } = useQuery({ ...pasajerosQuery(filtros), placeholderData: keepPreviousData });
  const validacion = useValidarPasaje();

  const validar = (pasajero: Pasajero) => {
    validacion.mutate({ id: pasajero.id, clave: newIdempotencyKey() }, {
      onSuccess: ({ message }) => notifySuccess(message ?? 'Embarque validado exitosamente'),
      onError: (e) => notifyError((e instanceof ApiError && e.serverMessage) || 'Error al validar'),
    });
  };

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
            <PasajerosTable
              pasajeros={data.pasajes}
              validandoId={validacion.isPending ? validacion.variables.id : null}
              onValidar={validar}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
