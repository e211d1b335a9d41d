import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { salida } from '@/testing/handlers/salidas';
import { renderApp } from '@/testing/render';
import { ok, server } from '@/testing/server';

// The departures of the trip-status screen ('Estado de Viajes', features/embarque), for any date.
describe('Estado de Viajes: salidas', () => {
  let fechas: (string | null)[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T13:00:00Z'));
    fechas = [];
    server.use(
      http.get('/api/pasajes/por-fecha', () => ok({ hoy: { fecha: '2026-11-22', secciones: [] }, manana: { fecha: '2026-11-23', secciones: [] } })),
      http.get('/api/salidas', ({ request }) => {
        const fecha = new URL(request.url).searchParams.get('fecha');
        fechas.push(fecha);
        return ok(fecha === '2026-11-22' ? [salida(1, '10:30', 'embarcando', { embarcados: 45 }), salida(2, '17:00', 'programada')] : []);
      }),
    );
    signIn('lancha');
  });

  afterEach(() => vi.useRealTimers());

  it("shows today's departures with boarded / capacity and state, and any other date", async () => {
    const { user } = renderApp('/admin/estado-viajes');
    const table = await screen.findByRole('table', { name: 'Salidas del 22/11/2026' });
    const [, diez, cinco] = within(table).getAllByRole('row');
    expect(diez).toHaveTextContent('45 / 60');
    expect(diez).toHaveTextContent('Embarcando');
    expect(within(diez).getByRole('progressbar', { name: 'Ocupación de la salida de las 10:30: 75%' })).toBeInTheDocument();
    expect(cinco).toHaveTextContent('0 / 60');
    expect(cinco).toHaveTextContent('Programada');

    const fecha = screen.getByLabelText('Fecha');
    await user.clear(fecha);
    await user.type(fecha, '01/12/2026');
    await user.tab();
    expect(await screen.findByText('No hay salidas programadas el 01/12/2026.')).toBeInTheDocument();
    expect(fechas).toContain('2026-12-01');
  });
});
