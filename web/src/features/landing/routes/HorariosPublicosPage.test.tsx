import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { HorariosPublicos } from '@/api/salidas';
import { renderApp } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';

const HORARIOS: HorariosPublicos = {
  fecha: '2026-11-22',
  horarios: [
    { seccion: 'Tigre – Tres Bocas', sentido: 'ida', hora: '08:00', dias: [1, 2, 3, 4, 5] },
    { seccion: 'Tigre – Tres Bocas', sentido: 'vuelta', hora: '10:30', dias: [1, 2, 3, 4, 5, 6, 7] },
  ],
  salidas: [
    { seccion: 'Tigre – Tres Bocas', sentido: 'ida', hora: '10:30', estado: 'embarcando' },
    { seccion: 'Tigre – Río Capitán', sentido: 'vuelta', hora: '12:00', estado: 'cancelada' },
  ],
};

describe('HorariosPublicosPage', () => {
  it("shows today's departures with their state and the week's timetable, without a session", async () => {
    server.use(http.get('/api/public/horarios', () => ok(HORARIOS)));
    renderApp('/horarios');
    const hoy = await screen.findByRole('table', { name: 'Salidas de hoy' });
    expect(screen.getByText('22/11/2026')).toBeInTheDocument();
    const [, embarcando, cancelada] = within(hoy).getAllByRole('row');
    expect(embarcando).toHaveTextContent('10:30Tigre – Tres BocasIdaEmbarcando');
    expect(cancelada).toHaveTextContent('12:00Tigre – Río CapitánVueltaCancelada');
    const semana = screen.getByRole('table', { name: 'Horarios de la semana' });
    const [, ida, vuelta] = within(semana).getAllByRole('row');
    expect(ida).toHaveTextContent('Tigre – Tres BocasIda08:00Lunes a viernes');
    expect(vuelta).toHaveTextContent('Tigre – Tres BocasVuelta10:30Todos los días');
    expect(screen.getByRole('link', { name: 'Servicios' })).toHaveAttribute('href', '/#servicios');
  });

  it('shows the stops of each departure and timetable row with their times, in the order the boat calls at them', async () => {
    const paradasIda = [{ nombre: 'Tigre', hora: '10:30' }, { nombre: 'Arroyo Gambado', hora: '10:50' }, { nombre: 'Tres Bocas', hora: '11:05' }];
    const paradasVuelta = [{ nombre: 'Tres Bocas', hora: '10:30' }, { nombre: 'Arroyo Gambado', hora: '10:45' }, { nombre: 'Tigre', hora: '11:05' }];
    server.use(http.get('/api/public/horarios', () => ok({
      ...HORARIOS,
      horarios: [{ ...HORARIOS.horarios[1], paradas: paradasVuelta }],
      salidas: [{ ...HORARIOS.salidas[0], paradas: paradasIda }],
    } satisfies HorariosPublicos)));
    renderApp('/horarios');
    const [, salida] = within(await screen.findByRole('table', { name: 'Salidas de hoy' })).getAllByRole('row');
    expect(salida).toHaveTextContent('Paradas: Tigre 10:30 → , Arroyo Gambado 10:50 → , Tres Bocas 11:05');
    const [, horario] = within(screen.getByRole('table', { name: 'Horarios de la semana' })).getAllByRole('row');
    expect(horario).toHaveTextContent('Tres Bocas 10:30 → , Arroyo Gambado 10:45 → , Tigre 11:05');
  });

  it('says when there are no departures today', async () => {
    server.use(http.get('/api/public/horarios', () => ok({ ...HORARIOS, salidas: [] })));
    renderApp('/horarios');
    expect(await screen.findByText('No hay salidas hoy')).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    server.use(http.get('/api/public/horarios', () => fail(503, 'Base de datos no disponible')));
    renderApp('/horarios');
    expect(await screen.findByRole('alert')).toHaveTextContent('Base de datos no disponible');
  });
});
