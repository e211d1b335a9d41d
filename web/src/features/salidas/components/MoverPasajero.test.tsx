import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Manifiesto, Salida } from '@/api/salidas';
import { signIn } from '@/testing/fixtures';
import { salida } from '@/testing/handlers/salidas';
import { renderApp } from '@/testing/render';
import { fail, ok, okWithMessage, server } from '@/testing/server';

/** Departure 2 (10:30) boarding, with Marta on board; 4 (12:00) the same section and direction with room; 3 (11:00) full. */
function manifiesto(): Manifiesto {
  return {
    encabezado: { salida_id: 2, seccion: 'Tigre – Tres Bocas', fecha: '2026-11-22', hora: '10:30', sentido: 'ida',
      embarcacion: 'Marina del Delta', matricula: 'REC-1234', capacidad: 60, vencimiento_certificado: null, estado: 'embarcando', estado_por: null, estado_en: null },
    tripulacion: [], congelado: false,
    congelado_en: null,
    filas: [{ pasaje_id: 41, numero_pasaje: 'LD-000041', pasajero: 'Marta Gómez', documento: null, nombrado: false, nacionalidad: null, fecha_nacimiento: null, franja_edad: null, sexo: null, tipo_viaje: 'General',
      tramo: 'ida', tramo_etiqueta: 'Ida', fecha_embarque: '2026-11-22T13:20:00Z', tripulante: 'Ramón Acosta', correccion: null }],
    totales: [{ tipo_viaje: 'General', pasajeros: 1 }],
    total: 1,
    correcciones: [],
  };
}

const DIA: Salida[] = [
  salida(2, '10:30', 'embarcando', { embarcados: 1 }),
  salida(3, '11:00', 'programada', { embarcados: 60 }),
  salida(4, '12:00', 'programada', { embarcados: 10, embarcacion: 'Isleña II', capacidad: 45 }),
  salida(5, '12:30', 'programada', { sentido: 'vuelta' }),
  salida(6, '13:00', 'programada', { seccion_id: 2, seccion: 'Tigre – Río Capitán' }),
  salida(7, '09:00', 'zarpo'),
];

describe('Mover pasajeros entre salidas', () => {
  let movidos: { id: string; body: unknown; clave: string | null }[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
    movidos = [];
    server.use(
      http.get('/api/salidas', () => ok(DIA)),
      http.get('/api/salidas/:id/manifiesto', () => ok(manifiesto())),
      http.post('/api/pasajes/:id/mover-salida', async ({ request, params }) => {
        movidos.push({ id: String(params.id), body: await request.json(), clave: request.headers.get('Idempotency-Key') });
        return okWithMessage({ pasaje_id: 41, numero_pasaje: 'LD-000041', desde: DIA[0], hasta: DIA[2] },
          'Pasajero movido a la salida de las 12:00');
      }),
    );
    signIn('lancha');
  });

  afterEach(() => vi.useRealTimers());

  it("moves a boarded passenger from the manifest to another departure of the same section and direction with room", async () => {
    const { user } = renderApp('/admin/manifiestos?salida=2');
    await user.click(await screen.findByRole('button', { name: 'Mover Marta Gómez a otra salida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover pasajero' });
    const opciones = await within(dialog).findAllByRole('radio');
    // 11:00 is full (listed, not selectable); 12:30 goes the other way, 13:00 is another section, 09:00 sailed
    expect(opciones).toHaveLength(2);
    expect(within(dialog).getByRole('radio', { name: /11:00/ })).toBeDisabled();
    expect(dialog).toHaveTextContent('Completa');
    expect(dialog).toHaveTextContent('35 lugares libres');
    await user.click(within(dialog).getByRole('button', { name: 'Mover pasajero' }));
    expect(await within(dialog).findByText('Elija la salida a la que pasa el pasajero')).toBeInTheDocument();
    expect(movidos).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: /12:00/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Mover pasajero' }));
    expect(await screen.findByText('Pasajero movido a la salida de las 12:00')).toBeInTheDocument();
    expect(movidos).toHaveLength(1);
    expect(movidos[0]).toMatchObject({ id: '41', body: { salida_id: 4 } });
    expect(movidos[0].clave).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    server.use(http.post('/api/pasajes/:id/mover-salida', () => fail(409, 'Embarcación completa: capacidad habilitada 45 pasajeros')));
    const { user } = renderApp('/admin/manifiestos?salida=2');
    await user.click(await screen.findByRole('button', { name: 'Mover Marta Gómez a otra salida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover pasajero' });
    await user.click(await within(dialog).findByRole('radio', { name: /12:00/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Mover pasajero' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Embarcación completa: capacidad habilitada 45 pasajeros');
  });

  it('offers no move on a sailed departure', async () => {
    server.use(http.get('/api/salidas/:id/manifiesto', () => ok({ ...manifiesto(),
      encabezado: { ...manifiesto().encabezado, estado: 'zarpo' }, congelado: true, congelado_en: '2026-11-22T13:35:00Z' })));
    renderApp('/admin/manifiestos?salida=2');
    expect(await screen.findByText('LD-000041')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mover / })).not.toBeInTheDocument();
  });

  it('lists the passengers over a smaller boat and moves them from the day of departures', async () => {
    signIn('supervisor');
    const achicada = salida(2, '10:30', 'embarcando', { embarcados: 32, capacidad: 30, excedente: 2, embarcacion: 'Río Luján' });
    server.use(
      http.get('/api/salidas', () => ok([achicada, DIA[2]])),
      http.get('/api/config/embarcaciones', () => ok([])),
      http.get('/api/salidas/:id', () => ok({ ...achicada, excedentes: [
        { pasaje_id: 41, numero_pasaje: 'LD-000041', cliente_nombre: 'Marta Gómez', fecha_embarque: '2026-11-22T13:20:00Z' },
        { pasaje_id: 40, numero_pasaje: 'LD-000040', cliente_nombre: '', fecha_embarque: '2026-11-22T13:19:00Z' },
      ] })),
    );
    const { user } = renderApp('/admin/horarios-salidas');
    const tabla = await screen.findByRole('table', { name: 'Salidas del día' });
    expect(tabla).toHaveTextContent('2 pasajeros por encima de la capacidad: muévalos antes de zarpar');
    await user.click(within(tabla).getByRole('button', { name: 'Ver y mover los pasajeros excedentes de la salida de las 10:30' }));
    const lista = await screen.findByRole('dialog', { name: 'Pasajeros por encima de la capacidad' });
    const filas = within(await within(lista).findByRole('table', { name: 'Pasajeros por encima de la capacidad' })).getAllByRole('row');
    expect(filas).toHaveLength(3);
    await user.click(within(lista).getByRole('button', { name: 'Mover LD-000040 a otra salida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover pasajero' });
    await user.click(await within(dialog).findByRole('radio', { name: /12:00/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Mover pasajero' }));
    expect(await screen.findByText('Pasajero movido a la salida de las 12:00')).toBeInTheDocument();
    expect(movidos[0]).toMatchObject({ id: '40', body: { salida_id: 4 } });
    // back on the list of the passengers over capacity once the move is done
    expect(await screen.findByRole('dialog', { name: 'Pasajeros por encima de la capacidad' })).toBeInTheDocument();
  });
});
