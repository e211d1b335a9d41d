import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { salida } from '@/testing/handlers/salidas';
import { renderApp } from '@/testing/render';
import { fail, ok, okWithMessage, server } from '@/testing/server';
import type { Embarque } from '@/api/embarque';

const EMBARQUE: Embarque = {
  id: 125, numero_pasaje: 'LD-20261122-000071', fecha_viaje: '2026-11-22', fecha_embarque: '2026-11-22T13:05:00Z',
  estado: 'usado', cliente: { nombre: 'Juana Gómez' }, seccion: { nombre: 'Tigre – Tres Bocas' },
  tipo_viaje: { nombre: 'General' }, validado_por: 'lancha', salida_id: 3, ida_y_vuelta: false,
};

// The validator works on one of today's departures at a time (features/embarque/salidaValidador.ts).
describe('Validador: la salida que embarca', () => {
  let cuerpos: Record<string, unknown>[];
  let aBordo: number;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T13:00:00Z')); // 10:00 in Buenos Aires
    cuerpos = [];
    aBordo = 59;
    server.use(
      http.get('/api/pasajes/estadisticas-embarque', () => ok({ hoy: { total: 0, embarcados: 0, pendientes: 0 }, usuario: { validados_hoy: 0 } })),
      http.get('/api/salidas', () => ok([
        salida(1, '08:00', 'zarpo'), salida(2, '10:30', 'programada', { embarcados: 12 }),
        salida(3, '12:00', 'programada', { embarcados: aBordo }), salida(4, '14:00', 'cancelada'),
      ])),
      // the validator keeps its departure's manifest on the phone (its 'Manifiesto')
      http.get('/api/salidas/:id/manifiesto', () => fail(503, 'Servicio no disponible')),
    );
    signIn('lancha');
  });

  afterEach(() => vi.useRealTimers());

  const escanear = (respuesta: () => Response) => {
    server.use(http.post('/api/pasajes/validar-qr', async ({ request }) => {
      cuerpos.push((await request.json()) as Record<string, unknown>);
      return respuesta();
    }));
  };

  const manual = async () => {
    const view = renderApp('/admin/validador');
    await view.user.click(await screen.findByRole('radio', { name: 'Manual' }));
    return { ...view, input: screen.getByLabelText(/Código del pasaje/) };
  };

  it("boards into today's next departure by default, changed in one tap, with its count live", async () => {
    escanear(() => {
      aBordo++;
      return okWithMessage(EMBARQUE, 'Embarque validado exitosamente');
    });
    const { user, input } = await manual();
    const seccion = await screen.findByRole('region', { name: 'Salida que embarca' });
    const salidas = within(seccion).getByRole('radiogroup', { name: 'Salida' });
    // the sailed and the cancelled ones are not offered
    expect(within(salidas).getAllByRole('radio')).toHaveLength(2);
    expect(within(salidas).getByRole('radio', { name: '10:30 · Tigre – Tres Bocas · Ida' })).toBeChecked();
    expect(seccion).toHaveTextContent('A bordo: 12 / 60');

    await user.click(within(salidas).getByRole('radio', { name: '12:00 · Tigre – Tres Bocas · Ida' }));
    expect(seccion).toHaveTextContent('A bordo: 59 / 60');
    await user.type(input, 'LD-20261122-000071{Enter}');
    expect(await screen.findByText('Embarque validado exitosamente')).toBeInTheDocument();
    expect(cuerpos).toEqual([{ codigo_qr: 'LD-20261122-000071', salida_id: 3 }]);
    // the boarding's event refreshes the departure's count
    expect(await within(seccion).findByText('A bordo: 60 / 60')).toBeInTheDocument();
  });

  it("says what to do when a smaller boat leaves more on board than its capacity, not when it is just full", async () => {
    server.use(http.get('/api/salidas', () => ok([
      salida(2, '10:30', 'embarcando', { embarcados: 4, capacidad: 2, excedente: 2, embarcacion: 'Bote chico' }),
      salida(3, '12:00', 'programada', { embarcados: 60 }),
    ])));
    const { user } = await manual();
    const seccion = await screen.findByRole('region', { name: 'Salida que embarca' });
    expect(await within(seccion).findByText('A bordo: 4 / 2')).toBeInTheDocument();
    expect(seccion).toHaveTextContent('2 pasajeros por encima de la capacidad: muévalos antes de zarpar');
    await user.click(within(seccion).getByRole('radio', { name: '12:00 · Tigre – Tres Bocas · Ida' }));
    expect(seccion).toHaveTextContent('A bordo: 60 / 60');
    expect(seccion).not.toHaveTextContent('por encima de la capacidad');
  });

  it('shows the full boat refusal', async () => {
    escanear(() => fail(409, 'Embarcación completa: capacidad habilitada 60 pasajeros'));
    const { user, input } = await manual();
    await screen.findByRole('radiogroup', { name: 'Salida' });
    await user.type(input, 'LD-20261122-000072{Enter}');
    const resultado = screen.getByRole('status', { name: 'Resultado de la validación' });
    expect(await within(resultado).findByText('Embarcación completa: capacidad habilitada 60 pasajeros')).toBeInTheDocument();
    expect(cuerpos[0]).toMatchObject({ salida_id: 2 });
  });

  it("keeps the undo of this screen's boardings in the departure's manifest once the next result took the bar", async () => {
    const deshechos: number[] = [];
    server.use(
      http.get('/api/salidas/:id/manifiesto', () => ok({
        encabezado: { salida_id: 2, seccion: 'Tigre – Tres Bocas', fecha: '2026-11-22', hora: '10:30', sentido: 'ida',
          embarcacion: 'Marina del Delta', matricula: 'REC-1234', capacidad: 60, estado: 'programada', estado_por: null, estado_en: null },
        congelado: false, congelado_en: null, totales: [], total: 2, correcciones: [],
        filas: [
          { pasaje_id: 40, numero_pasaje: 'LD-20261122-000040', pasajero: 'Rosa Díaz', documento: null, tipo_viaje: 'General',
            tramo: 'ida', tramo_etiqueta: 'Ida', fecha_embarque: '2026-11-22T12:50:00Z', tripulante: 'marcos', correccion: null },
          { pasaje_id: 125, numero_pasaje: 'LD-20261122-000071', pasajero: 'Juana Gómez', documento: null, tipo_viaje: 'General',
            tramo: 'ida', tramo_etiqueta: 'Ida', fecha_embarque: '2026-11-22T13:00:00Z', tripulante: 'lancha', correccion: null },
        ],
      })),
      http.post('/api/pasajes/:id/deshacer-embarque', ({ params }) => {
        deshechos.push(Number(params.id));
        return okWithMessage({}, 'Embarque deshecho: el pasaje vuelve a estar pendiente');
      }),
    );
    let respuesta = () => okWithMessage({ ...EMBARQUE, salida_id: 2 }, 'Embarque validado exitosamente');
    escanear(() => respuesta());
    const { user, input } = await manual();
    const seccion = await screen.findByRole('region', { name: 'Salida que embarca' });
    await user.type(input, 'LD-20261122-000071{Enter}');
    await screen.findByRole('status', { name: 'Último embarque' });
    respuesta = () => fail(404, 'Pasaje no encontrado');
    await user.type(input, 'LD-20261122-999999{Enter}');
    await screen.findByText('Pasaje no encontrado');
    expect(screen.queryByRole('status', { name: 'Último embarque' })).not.toBeInTheDocument();

    await user.click(within(seccion).getByRole('button', { name: 'Manifiesto' }));
    const lista = await screen.findByRole('table', { name: 'Pasajeros de la salida' });
    // only the boarding made on this screen, not another crew member's
    expect(within(lista).getAllByRole('button')).toHaveLength(1);
    await user.click(within(lista).getByRole('button', { name: 'Deshacer el embarque de LD-20261122-000071' }));
    expect(await screen.findByText('Embarque deshecho: el pasaje vuelve a estar pendiente')).toBeInTheDocument();
    expect(deshechos).toEqual([125]);
    await waitFor(() => expect(within(lista).queryAllByRole('button')).toHaveLength(0));
  });

  it('boards as before when the company has no departure today', async () => {
    server.use(http.get('/api/salidas', () => ok([salida(1, '08:00', 'zarpo')])));
    escanear(() => okWithMessage({ ...EMBARQUE, salida_id: null }, 'Embarque validado exitosamente'));
    const { user, input } = await manual();
    await user.type(input, 'LD-20261122-000071{Enter}');
    expect(await screen.findByText('Embarque validado exitosamente')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Salida que embarca' })).not.toBeInTheDocument();
    expect(cuerpos).toEqual([{ codigo_qr: 'LD-20261122-000071' }]);
  });
});
