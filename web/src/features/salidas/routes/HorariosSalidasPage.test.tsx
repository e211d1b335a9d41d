import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { fakeMediaQueryList } from '@/testing/media';
import { SECCIONES_FIXTURE } from '@/testing/handlers/config';
import { EMBARCACIONES_FIXTURE, HORARIOS_FIXTURE, salida } from '@/testing/handlers/salidas';
import { renderApp } from '@/testing/render';
import { fail, ok, okWithMessage, server } from '@/testing/server';

const PATH = '/admin/horarios-salidas';

describe('Horarios y salidas', () => {
  let escrituras: { method: string; path: string; body: unknown }[];
  let fechas: (string | null)[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T13:00:00Z'));
    escrituras = [];
    fechas = [];
    const registrar = (message: string, status = 200) => async ({ request }: { request: Request }) => {
      const texto = await request.text();
      escrituras.push({ method: request.method, path: new URL(request.url).pathname, body: texto ? JSON.parse(texto) : null });
      return okWithMessage({ creadas: 4 }, message, { status });
    };
    server.use(
      http.get('/api/salidas', ({ request }) => {
        fechas.push(new URL(request.url).searchParams.get('fecha'));
        return ok([
          salida(1, '08:00', 'zarpo', { embarcados: 60, estado_por: 'Lucía Benítez', estado_en: '2026-11-22T11:05:00Z' }),
          salida(2, '10:30', 'programada', { embarcados: 12, paradas: [{ nombre: 'Tigre', hora: '10:30' }, { nombre: 'Tres Bocas', hora: '11:30' }] }),
          salida(3, '17:00', 'embarcando', { embarcacion_id: null, embarcacion: null, capacidad: 0, extra: true }),
        ]);
      }),
      http.get('/api/config/embarcaciones', () => ok(EMBARCACIONES_FIXTURE)),
      http.get('/api/config/secciones', () => ok(SECCIONES_FIXTURE)),
      http.get('/api/horarios', () => ok(HORARIOS_FIXTURE)),
      http.put('/api/salidas/:id/estado', registrar('Salida embarcando')),
      http.post('/api/salidas/generar', registrar('Se generaron 4 salidas')),
      http.post('/api/horarios', registrar('Horario creado exitosamente', 201)),
    );
    signIn('supervisor');
  });

  afterEach(() => vi.useRealTimers());

  it("shows today's departures with boarded / capacity, state, who changed it, and only the allowed changes", async () => {
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Salidas del día' });
    expect(fechas).toEqual(['2026-11-22']);
    const [, zarpo, programada, embarcando] = within(table).getAllByRole('row');
    expect(zarpo).toHaveTextContent('60 / 60');
    expect(zarpo).toHaveTextContent('Tigre – Tres Bocas · Ida');
    expect(zarpo).toHaveTextContent('Zarpó');
    expect(zarpo).toHaveTextContent('Lucía Benítez');
    expect(within(zarpo).queryByRole('button')).not.toBeInTheDocument();
    expect(programada).toHaveTextContent('12 / 60');
    // Each departure shows its stops with their times.
    expect(programada).toHaveTextContent('Paradas: Tigre 10:30 → , Tres Bocas 11:30');
    expect(within(programada).getByRole('button', { name: 'Embarcar: 10:30 Tigre – Tres Bocas' })).toBeInTheDocument();
    expect(within(programada).queryByRole('button', { name: /Zarpó/ })).not.toBeInTheDocument();
    expect(embarcando).toHaveTextContent('(extra)');
    expect(embarcando).toHaveTextContent('0 / 0');
    expect(within(embarcando).getByRole('button', { name: 'Zarpó: 17:00 Tigre – Tres Bocas' })).toBeInTheDocument();
  });

  it("moves a departure to 'embarcando' with the server's message", async () => {
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Embarcar: 10:30 Tigre – Tres Bocas' }));
    expect(await screen.findByText('Salida embarcando')).toBeInTheDocument();
    expect(escrituras).toEqual([{ method: 'PUT', path: '/api/salidas/2/estado', body: { estado: 'embarcando' } }]);
  });

  it('asks before cancelling, and shows a refusal', async () => {
    server.use(http.put('/api/salidas/:id/estado', () => fail(409, 'Una salida zarpó no puede pasar a cancelada'), { once: true }));
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Cancelar salida: 10:30 Tigre – Tres Bocas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar salida' });
    expect(dialog).toHaveTextContent('no se puede deshacer');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar salida' }));
    expect(await screen.findByText('Una salida zarpó no puede pasar a cancelada')).toBeInTheDocument();
  });

  it('cancels a departure that sold tickets with its passengers, moved to a departure with room', async () => {
    server.use(
      http.get('/api/salidas', () => ok([
        salida(2, '10:30', 'programada', { vendidos: 5 }),
        salida(4, '12:00', 'programada', { vendidos: 57 }),
        salida(5, '14:00', 'programada', { vendidos: 10 }),
      ])),
      http.post('/api/salidas/:id/cancelar', async ({ request, params }) => {
        escrituras.push({ method: 'POST', path: `/api/salidas/${String(params.id)}/cancelar`, body: await request.json() });
        return okWithMessage({ salida: salida(2, '10:30', 'cancelada'), movidos: 5, reembolsados: 0, reembolso: 0, avisos: 2 },
          'Salida cancelada: 5 pasajes movidos a otra salida');
      }),
    );
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Cancelar salida: 10:30 Tigre – Tres Bocas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar la salida de las 10:30' });
    expect(dialog).toHaveTextContent('5 pasajes vendidos');
    await user.type(within(dialog).getByLabelText('Motivo'), 'Sudestada');
    // the 12:00 has 3 seats for 5: not offered
    expect(within(dialog).getByRole('radio', { name: /12:00/ })).toBeDisabled();
    expect(within(dialog).getByText('3 lugares libres: no alcanzan')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar salida' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Elija la salida a la que pasan los pasajeros');
    await user.click(within(dialog).getByRole('radio', { name: /14:00/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar salida' }));
    expect(await screen.findByText('Salida cancelada: 5 pasajes movidos a otra salida. Se avisó a 2 contactos.')).toBeInTheDocument();
    expect(escrituras).toEqual([{ method: 'POST', path: '/api/salidas/2/cancelar', body: { motivo: 'Sudestada', salida_destino_id: 5 } }]);
  });

  it('cancels a departure that sold tickets refunding them', async () => {
    server.use(
      http.get('/api/salidas', () => ok([salida(2, '10:30', 'programada', { vendidos: 2 })])),
      http.post('/api/salidas/:id/cancelar', async ({ request }) => {
        escrituras.push({ method: 'POST', path: new URL(request.url).pathname, body: await request.json() });
        return fail(400, 'Debes abrir una caja para registrar la devolución');
      }),
    );
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Cancelar salida: 10:30 Tigre – Tres Bocas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar la salida de las 10:30' });
    expect(dialog).toHaveTextContent('No hay otra salida');
    await user.click(within(dialog).getByRole('radio', { name: 'Anular sus pasajes y reembolsarlos desde mi caja' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar salida' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Debes abrir una caja para registrar la devolución');
    expect(escrituras).toEqual([{ method: 'POST', path: '/api/salidas/2/cancelar', body: { motivo: '' } }]);
  });

  it("asks before sailing more than 15 minutes early, and sails with the confirmation", async () => {
    const pregunta = 'La salida de las 17:00 está programada para dentro de 3 horas. ¿Zarpar igual?';
    server.use(http.put('/api/salidas/:id/estado', async ({ request }) => {
      const body = await request.clone().json() as { confirmar_anticipado?: boolean };
      if (body.confirmar_anticipado) return undefined; // falls through to the recording handler
      escrituras.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      return HttpResponse.json({ success: false, message: pregunta, data: { hora: '17:00', minutos_anticipado: 180 } }, { status: 409 });
    }));
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Zarpó: 17:00 Tigre – Tres Bocas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zarpar antes de hora' });
    expect(dialog).toHaveTextContent(pregunta);
    expect(screen.queryByText('No se pudo cambiar el estado de la salida')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zarpar igual' }));
    await expect.poll(() => escrituras).toEqual([
      { method: 'PUT', path: '/api/salidas/3/estado', body: { estado: 'zarpo' } },
      { method: 'PUT', path: '/api/salidas/3/estado', body: { estado: 'zarpo', confirmar_anticipado: true } },
    ]);
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Zarpar antes de hora' })).toBeNull();
  });

  it("'Volver' leaves an early departure as it is", async () => {
    server.use(http.put('/api/salidas/:id/estado', () => HttpResponse.json(
      { success: false, message: 'La salida de las 17:00 está programada para dentro de 3 horas. ¿Zarpar igual?', data: { hora: '17:00', minutos_anticipado: 180 } },
      { status: 409 }), { once: true }));
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Zarpó: 17:00 Tigre – Tres Bocas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zarpar antes de hora' });
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Zarpar antes de hora' })).toBeNull();
    expect(escrituras).toEqual([]);
  });

  it('generates the departures and reads another date', async () => {
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Generar salidas' }));
    expect(await screen.findByText('Se generaron 4 salidas')).toBeInTheDocument();
    const fecha = screen.getByLabelText('Fecha de las salidas');
    await user.clear(fecha);
    await user.type(fecha, '25/11/2026');
    await user.tab();
    await expect.poll(() => fechas).toContain('2026-11-25');
  });

  it('lists the timetable and adds a time on weekdays', async () => {
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('tab', { name: 'Horarios' }));
    const table = await screen.findByRole('table', { name: 'Horarios' });
    const [, ocho, diez] = within(table).getAllByRole('row');
    expect(ocho).toHaveTextContent('08:00');
    expect(ocho).toHaveTextContent('Tigre – Tres Bocas · Vuelta');
    expect(ocho).toHaveTextContent('Lunes a viernes');
    expect(ocho).toHaveTextContent('Sin embarcación');
    expect(diez).toHaveTextContent('Todos los días');
    expect(diez).toHaveTextContent('Tigre – Tres Bocas · Ida');
    expect(diez).toHaveTextContent('Marina del Delta');

    await user.click(screen.getByRole('button', { name: 'Nuevo horario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo horario' });
    await user.click(within(dialog).getByRole('combobox', { name: /Sección/ }));
    await user.click(await screen.findByRole('option', { name: 'Tigre – Tres Bocas', hidden: true }));
    await user.type(within(dialog).getByLabelText(/Hora de salida/), '9:5');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La hora debe tener el formato HH:MM (00:00 a 23:59)')).toBeInTheDocument();
    const hora = within(dialog).getByLabelText(/Hora de salida/);
    await user.clear(hora);
    await user.type(hora, '09:15');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sábado' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Domingo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Horario creado exitosamente')).toBeInTheDocument();
    expect(escrituras).toEqual([{ method: 'POST', path: '/api/horarios', body: { seccion_id: 1, hora: '09:15', dias: [1, 2, 3, 4, 5], activo: true, sentido: 'ida' } }]);
  });
});

describe('Horarios y salidas, for the crew', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T13:00:00Z'));
    server.use(
      http.get('/api/salidas', () => ok([salida(2, '10:30', 'programada')])),
      http.get('/api/config/embarcaciones', () => ok(EMBARCACIONES_FIXTURE)),
      http.get('/api/config/secciones', () => ok(SECCIONES_FIXTURE)),
    );
    signIn('lancha');
  });

  afterEach(() => vi.useRealTimers());

  it('moves states and opens an extra departure, but neither plans nor changes boats', async () => {
    let cuerpo: unknown = null;
    server.use(http.post('/api/salidas', async ({ request }) => {
      cuerpo = await request.json();
      return okWithMessage(salida(9, '15:45', 'programada', { extra: true }), 'Salida extra creada', { status: 201 });
    }));
    const { user } = renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Salidas del día' });
    expect(within(table).getByRole('button', { name: 'Embarcar: 10:30 Tigre – Tres Bocas' })).toBeInTheDocument();
    expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generar salidas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Horarios' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salida extra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salida extra' });
    await user.click(within(dialog).getByRole('combobox', { name: /Sección/ }));
    await user.click(await screen.findByRole('option', { name: 'Tigre – Tres Bocas', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: /Embarcación/ }));
    await user.click(await screen.findByRole('option', { name: 'Marina del Delta (REC-1234)', hidden: true }));
    await user.type(within(dialog).getByLabelText(/Hora/), '15:45');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir salida' }));
    expect(await screen.findByText('Salida extra creada')).toBeInTheDocument();
    // Outbound unless chosen otherwise.
    expect(cuerpo).toEqual({ seccion_id: 1, embarcacion_id: 1, fecha: '2026-11-22', hora: '15:45', sentido: 'ida' });
  });

  it('opens an extra departure on the way back', async () => {
    let cuerpo: unknown = null;
    server.use(http.post('/api/salidas', async ({ request }) => {
      cuerpo = await request.json();
      return okWithMessage(salida(9, '18:00', 'programada', { extra: true, sentido: 'vuelta' }), 'Salida extra creada', { status: 201 });
    }));
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Salida extra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Salida extra' });
    expect(within(dialog).getByRole('radio', { name: 'Ida' })).toBeChecked();
    await user.click(within(dialog).getByRole('combobox', { name: /Sección/ }));
    await user.click(await screen.findByRole('option', { name: 'Tigre – Tres Bocas', hidden: true }));
    await user.click(within(dialog).getByText('Vuelta'));
    await user.click(within(dialog).getByRole('combobox', { name: /Embarcación/ }));
    await user.click(await screen.findByRole('option', { name: 'Marina del Delta (REC-1234)', hidden: true }));
    await user.type(within(dialog).getByLabelText(/Hora/), '18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir salida' }));
    expect(await screen.findByText('Salida extra creada')).toBeInTheDocument();
    expect(cuerpo).toEqual({ seccion_id: 1, embarcacion_id: 1, fecha: '2026-11-22', hora: '18:00', sentido: 'vuelta' });
  });
});

describe('Horarios y salidas, on a phone', () => {
  beforeEach(() => {
    vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, true));
    server.use(http.get('/api/salidas', () => ok([salida(2, '10:30', 'embarcando', { embarcados: 41 })])));
    signIn('lancha');
  });

  afterEach(() => vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, false)));

  it('shows each departure as a card with its figures and its actions', async () => {
    renderApp(PATH);
    const tarjeta = await screen.findByRole('article', { name: 'Salida de las 10:30 a Tigre – Tres Bocas' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(tarjeta).toHaveTextContent('Embarcados: 41 / 60');
    expect(tarjeta).toHaveTextContent('Marina del Delta');
    expect(within(tarjeta).getByRole('button', { name: 'Zarpó: 10:30 Tigre – Tres Bocas' })).toBeInTheDocument();
  });
});
