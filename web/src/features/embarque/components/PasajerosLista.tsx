import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import type { PasajerosProps } from '@/features/embarque/components/EstadoPasajero';
import { PasajerosTable } from '@/features/embarque/components/PasajerosTable';
import { PasajerosTarjetas } from '@/features/embarque/components/PasajerosTarjetas';

/** The passengers as a table where it fits (md and up), as cards on narrower screens. */
export function PasajerosLista(props: PasajerosProps) {
  const theme = useMantineTheme();
  const angosta = useMediaQuery(`(max-width: ${theme.breakpoints.md})`, false, { getInitialValueInEffect: false });
  if (props.pasajeros.length === 0) {
    return <EmptyState icon={IconUsers} title="No hay pasajeros para mostrar" message="Prueba con otra fecha u otros filtros." />;
  }
  return angosta ? <PasajerosTarjetas {...props} /> : <PasajerosTable {...props} />;
}
