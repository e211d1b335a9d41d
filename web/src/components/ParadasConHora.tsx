import { Fragment } from 'react';
import { Text, VisuallyHidden } from '@mantine/core';

/** A stop of a departure or timetable row with its time (the API's HoraParada). */
export interface ParadaConHora {
  nombre: string;
  hora: string;
}

/**
 * A departure's stops with their times, in the order the boat calls at them: 'Tigre 10:30 → Tres Bocas 11:30'
 * (a screen reader hears 'Paradas: Tigre 10:30, Tres Bocas 11:30'). Nothing without stops.
 */
export function ParadasConHora({ paradas }: { paradas?: ParadaConHora[] }) {
  if (!paradas?.length) return null;
  return (
    <Text size="xs" c="dimmed">
      <VisuallyHidden>Paradas: </VisuallyHidden>
      {paradas.map((p, i) => (
        <Fragment key={p.nombre}>
          {i > 0 && <><span aria-hidden> → </span><VisuallyHidden>, </VisuallyHidden></>}
          {/* The time stays by its stop; a long name may wrap (a phone's column is narrow). */}
          <span>{p.nombre}{'\u00a0'}{p.hora}</span>
        </Fragment>
      ))}
    </Text>
  );
}
