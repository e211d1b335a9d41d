import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateFor } from '@/api/invalidation';
import type { Manifiesto } from '@/api/salidas';
import { signIn } from '@/testing/fixtures';
import { salida } from '@/testing/handlers/salidas';
import { renderApp } from '@/testing/render';
import { fail, ok, okWithMessage, server } from '@/testing/server';

const PATH = '/admin/manifiestos';

/** The manifest of departure 2 (10:30), sailed and frozen, with one row added by a correction and one removed. */
function manifiesto(extra: Partial<Manifiesto> = {}): Manifiesto {
  const correccion = { id: 7, accion: 'agregar' as const, numero_pasaje: 'LD-000043', tramo: 'ida' as const,
    motivo: 'Embarcó sin escanear', usuario: 'Lucía Benítez', fecha: '2026-11-22T14:10:00Z' };
  return {
    encabezado: { salida_id: 2, seccion: 'Tigre – Tres Bocas', fecha: '2026-11-22', hora: '10:30', sentido: 'ida',
      embarcacion: 'Marina del Delta', matricula: 'REC-1234', capacidad: 60, vencimiento_certificado: null, estado: 'zarpo', estado_por: 'Ramón Acosta',
      estado_en: '2026-11-22T13:35:00Z' },
    tripulacion: [], congelado: true,
    congelado_en: '2026-11-22T13:35:00Z',
    filas: [
      { pasaje_id: 41, numero_pasaje: 'LD-000041', pasajero: 'Marta Gómez', documento: '40111222', nombrado: false, nacionalidad: null, fecha_nacimiento: null, franja_edad: null, sexo: null, tipo_viaje: 'General',
        tramo: 'ida', tramo_etiqueta: 'Ida', fecha_embarque: '2026-11-22T13:20:00Z', tripulante: 'Ramón Acosta', correccion: null },
      { pasaje_id: 42, numero_pasaje: 'LD-000042', pasajero: 'Juan Pérez', documento: null, nombrado: false, nacionalidad: null, fecha_nacimiento: null, franja_edad: null, sexo: null, tipo_viaje: 'Jubilado',
        tramo: 'vuelta', tramo_etiqueta: 'Ida (tramo de vuelta del pasaje)', fecha_embarque: '2026-11-22T13:25:00Z', tripulante: 'Ramón Acosta', correccion: null },
      { pasaje_id: 43, numero_pasaje: 'LD-000043', pasajero: 'Cliente Anónimo', documento: null, nombrado: false, nacionalidad: null, fecha_nacimiento: null, franja_edad: null, sexo: null, tipo_viaje: 'General',
        tramo: 'ida', tramo_etiqueta: 'Ida', fecha_embarque: null, tripulante: null, correccion },
    ],
    totales: [{ tipo_viaje: 'General', pasajeros: 2 }, { tipo_viaje: 'Jubilado', pasajeros: 1 }],
    total: 3,
    correcciones: [correccion, { ...correccion, id: 8, accion: 'quitar', numero_pasaje: 'LD-000044', motivo: 'Bajó antes del zarpe' }],
    ...extra,
  };
}

describe('Manifiestos', () => {
  let salidas: number;
  let archivos: string[];
  let correcciones: unknown[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
    salidas = 0;
    archivos = [];
    correcciones = [];
    server.use(
      http.get('/api/salidas', () => {
        salidas++;
        return ok([
          salida(1, '08:00', 'zarpo', { embarcados: 60 }),
          salida(2, '10:30', 'zarpo', { embarcados: salidas > 1 ? 31 : 30 }),
        ]);
      }),
      http.get('/api/salidas/:id/manifiesto', () => ok(manifiesto())),
      http.get('/api/salidas/:id/manifiesto/exportar', ({ request }) => {
        const url = new URL(request.url);
        archivos.push(`${url.pathname}?${url.searchParams}`);
        return new Response('N° Pasaje;Pasajero\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="manifiesto-2026-11-22-1030-salida-2.csv"' } });
      }),
      http.post('/api/salidas/:id/manifiesto/correcciones', async ({ request }) => {
        correcciones.push(await request.json());
        return okWithMessage(manifiesto(), 'Corrección del manifiesto registrada', { status: 201 });
      }),
    );
    signIn('supervisor');
  });

  afterEach(() => vi.useRealTimers());

  it("shows today's departures with their load, and refreshes it when someone boards", async () => {
    const { queryClient } = renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Salidas del 22/11/2026' });
    const [, llena, diez] = within(table).getAllByRole('row');
    expect(llena).toHaveTextContent('60 / 60');
    expect(diez).toHaveTextContent('30 / 60');
    await act(() => invalidateFor(queryClient, 'pasajeValidado'));
    expect(await within(table).findByText('31 / 60')).toBeInTheDocument();
  });

  it('opens a frozen manifest: heading, totals by trip type, passengers with leg and crew, corrections marked', async () => {
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Ver manifiesto: 10:30 Tigre – Tres Bocas' }));
    const panel = await screen.findByRole('region', { name: 'Manifiesto: 10:30 Tigre – Tres Bocas' });
    expect(panel).toHaveTextContent('Marina del Delta (REC-1234)');
    expect(panel).toHaveTextContent('60 pasajeros');
    expect(panel).toHaveTextContent('Congelado al zarpe');
    expect(panel).toHaveTextContent('por Ramón Acosta');
    const totales = within(panel).getByRole('list', { name: 'Totales por tipo de viaje' });
    expect(within(totales).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['General: 2', 'Jubilado: 1', 'Total: 3']);
    const filas = within(within(panel).getByRole('table', { name: 'Pasajeros de la salida' })).getAllByRole('row');
    expect(filas).toHaveLength(4);
    expect(filas[1]).toHaveTextContent('LD-000041');
    expect(filas[1]).toHaveTextContent('40111222');
    expect(filas[1]).toHaveTextContent('Ida');
    expect(filas[2]).toHaveTextContent('Ida (tramo de vuelta del pasaje)');
    expect(filas[2]).toHaveTextContent('Jubilado');
    expect(filas[3]).toHaveTextContent('Corrección');
    expect(filas[3]).toHaveTextContent('Embarcó sin escanear — Lucía Benítez');
    const lista = within(panel).getByRole('table', { name: 'Correcciones del manifiesto' });
    expect(lista).toHaveTextContent('Quitó (Ida)');
    expect(lista).toHaveTextContent('Bajó antes del zarpe');
  });

  it('downloads the CSV and opens the PDF to print', async () => {
    const createObjectURL = vi.fn(() => 'blob:manifiesto');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('manifiesto-2026-11-22-1030-salida-2.csv');
    });
    const ventana = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(ventana as unknown as Window);
    const { user } = renderApp(`${PATH}?salida=2`);
    await user.click(await screen.findByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByText('Manifiesto descargado')).toBeInTheDocument();
    expect(click).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    await vi.waitFor(() => expect(ventana.location.href).toBe('blob:manifiesto'));
    expect(open).toHaveBeenCalledOnce();
    expect(archivos).toEqual(['/api/salidas/2/manifiesto/exportar?formato=csv', '/api/salidas/2/manifiesto/exportar?formato=pdf']);
    click.mockRestore();
    open.mockRestore();
  });

  it('lets a supervisor correct a sailed departure with a reason', async () => {
    const { user } = renderApp(`${PATH}?salida=2`);
    await user.click(await screen.findByRole('button', { name: 'Corregir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corregir manifiesto' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar corrección' }));
    expect(await within(dialog).findByText('Indique el motivo de la corrección')).toBeInTheDocument();
    expect(correcciones).toEqual([]);
    await user.click(within(dialog).getByText('Quitar pasajero'));
    await user.type(within(dialog).getByLabelText(/N° de pasaje/), ' LD-000041 ');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'No viajó');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar corrección' }));
    expect(await screen.findByText('Corrección del manifiesto registrada')).toBeInTheDocument();
    expect(correcciones).toEqual([{ accion: 'quitar', tramo: 'ida', numero_pasaje: 'LD-000041', motivo: 'No viajó' }]);
  });

  it('shows the crew and lets a supervisor name it on a departure that boards: a user as patrón and a name typed', async () => {
    const tripulaciones: unknown[] = [];
    server.use(
      http.get('/api/salidas/:id/manifiesto', () => ok(manifiesto({ congelado: false, congelado_en: null, correcciones: [],
        tripulacion: [{ usuario_id: 5, nombre: 'Ramón Acosta', funcion: 'patron', funcion_etiqueta: 'Patrón' }],
        encabezado: { ...manifiesto().encabezado, estado: 'embarcando', vencimiento_certificado: '2030-01-01' } }))),
      http.get('/api/usuarios', () => ok([{ id: 5, nombre_usuario: 'lancha', nombre: 'Ramón', apellido: 'Acosta' },
        { id: 6, nombre_usuario: 'lancha3', nombre: 'Hugo', apellido: 'Sosa' }])),
      http.put('/api/salidas/:id/tripulacion', async ({ request }) => {
        tripulaciones.push(await request.json());
        return okWithMessage([], 'Tripulación guardada');
      }),
    );
    const { user } = renderApp(`${PATH}?salida=2`);
    const panel = await screen.findByRole('region', { name: 'Manifiesto: 10:30 Tigre – Tres Bocas' });
    expect(panel).toHaveTextContent('Patrón: Ramón Acosta');
    expect(panel).toHaveTextContent('Vigente hasta 01/01/2030');
    await user.click(within(panel).getByRole('button', { name: 'Tripulación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tripulación de la salida' });
    await user.click(within(dialog).getByRole('button', { name: 'Agregar tripulante' }));
    const segundo = within(dialog).getByRole('group', { name: 'Tripulante 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar tripulación' }));
    expect(await within(segundo).findByText('Elija un usuario o escriba el nombre')).toBeInTheDocument();
    expect(tripulaciones).toEqual([]);
    await user.type(within(segundo).getByLabelText('Nombre'), ' Juan Ribera ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar tripulación' }));
    expect(await screen.findByText('Tripulación guardada')).toBeInTheDocument();
    expect(tripulaciones).toEqual([{ tripulantes: [{ usuario_id: 5, funcion: 'patron' }, { nombre: 'Juan Ribera', funcion: 'marinero' }] }]);
  });

  it('lets a supervisor name the passenger of a boarded ticket that names none, before sailing', async () => {
    const nombrados: unknown[] = [];
    server.use(
      http.get('/api/salidas/:id/manifiesto', () => ok(manifiesto({ congelado: false, congelado_en: null, correcciones: [],
        encabezado: { ...manifiesto().encabezado, estado: 'embarcando' } }))),
      http.put('/api/pasajes/:id/pasajero', async ({ request, params }) => {
        nombrados.push({ id: params.id, body: await request.json() });
        return okWithMessage({ nombre: 'Ana Ruiz' }, 'Pasajero guardado');
      }),
    );
    const { user } = renderApp(`${PATH}?salida=2`);
    await user.click(await screen.findByRole('button', { name: 'Nombrar al pasajero del pasaje LD-000041' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nombrar pasajero' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar pasajero' }));
    expect(await within(dialog).findByText('Indique el nombre y apellido del pasajero')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Nombre y apellido/), ' Ana Ruiz ');
    await user.type(within(dialog).getByLabelText('Número de documento'), '30111222');
    await user.type(within(dialog).getByLabelText('Nacionalidad'), 'Argentina');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar pasajero' }));
    expect(await screen.findByText('Pasajero guardado')).toBeInTheDocument();
    expect(nombrados).toEqual([{ id: '41', body: { nombre: 'Ana Ruiz', documento_tipo: 'DNI', documento_numero: '30111222',
      nacionalidad: 'Argentina' } }]);
  });

  it('shows the server refusal of a correction', async () => {
    server.use(http.post('/api/salidas/:id/manifiesto/correcciones', () => fail(409, 'El pasaje no figura en el manifiesto en ese tramo')));
    const { user } = renderApp(`${PATH}?salida=2`);
    await user.click(await screen.findByRole('button', { name: 'Corregir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corregir manifiesto' });
    await user.type(within(dialog).getByLabelText(/N° de pasaje/), 'LD-000099');
    await user.type(within(dialog).getByLabelText(/Motivo/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar corrección' }));
    expect(await screen.findByText('El pasaje no figura en el manifiesto en ese tramo')).toBeInTheDocument();
  });

  it('hides corrections from the crew and for a departure not yet sailed', async () => {
    server.use(http.get('/api/salidas/:id/manifiesto', () => ok(manifiesto({ congelado: false, congelado_en: null,
      correcciones: [], encabezado: { ...manifiesto().encabezado, estado: 'embarcando' } }))));
    const { unmount } = renderApp(`${PATH}?salida=2`);
    expect(await screen.findByText('En curso: cambia con cada embarque')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Corregir' })).not.toBeInTheDocument();
    unmount();
    server.use(http.get('/api/salidas/:id/manifiesto', () => ok(manifiesto())));
    signIn('lancha');
    renderApp(`${PATH}?salida=2`);
    expect(await screen.findByText('Congelado al zarpe', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Corregir' })).not.toBeInTheDocument();
  });
});
