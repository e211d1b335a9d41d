import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '@/testing/media';
import { makePasaje, signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { fail, ok, okWithMessage, server } from '@/testing/server';
import type { Pasajero } from '@/api/embarque';
import { DEFAULT_TIMEZONE, todayIn } from '@/lib/dates';

/** The list opens on today's tickets: a pending one travels today. */
const HOY = todayIn(DEFAULT_TIMEZONE);
const PENDIENTE: Pasajero = { ...makePasaje({ fecha_viaje: HOY }), cliente_documento: '30111222' };
const EMBARCADO: Pasajero = { ...PENDIENTE, cliente_documento: '', id: 42, numero_pasaje: 'LD-20261122-000042', cliente_nombre: '', estado: 'usado', fecha_embarque: '2026-11-22T13:00:00Z' };

const item = (id: number, nombre: string) => ({ id, nombre, descripcion: '', activo: true });

describe('ListaPasajerosPage', () => {
  let consultas: URLSearchParams[];

  beforeEach(() => {
    consultas = [];
    server.use(
      http.get('/api/config/secciones', () => ok([item(1, 'Tigre – Tres Bocas'), item(2, 'Tigre – Río Capitán')])),
      http.get('/api/config/tipos-viaje', () => ok([item(1, 'General'), item(2, 'Jubilado')])),
      http.get('/api/pasajes/por-fecha', ({ request }) => {
        const params = new URL(request.url).searchParams;
        consultas.push(params);
        return ok({ fecha: params.get('fecha'), pasajes: [PENDIENTE, EMBARCADO], stats: { total: 20, embarcados: 15, pendientes: 5 } });
      }),
    );
    signIn('lancha');
  });

  it("lists today's passengers with the summary, the document ('N/A' without one) and the state in words", async () => {
    renderApp('/admin/lista-pasajeros');
    const pendiente = await screen.findByRole('row', { name: /LD-20261122-000041/ });
    expect(pendiente).toHaveTextContent('Juana Gómez30111222Tigre – Tres BocasGeneralPendiente');
    const embarcado = screen.getByRole('row', { name: /LD-20261122-000042/ });
    expect(embarcado).toHaveTextContent('N/A');
    expect(embarcado).toHaveTextContent('Embarcado');
    expect(within(embarcado).queryByRole('button', { name: /Validar/ })).not.toBeInTheDocument();
    expect(screen.getByText('Total').parentElement).toHaveTextContent('20');
    expect(screen.getByText('Pendientes').parentElement).toHaveTextContent('5');
    expect(consultas[0].toString()).toMatch(/^fecha=\d{4}-\d{2}-\d{2}$/);
  });

  it('sends the filters as query parameters', async () => {
    const { user } = renderApp('/admin/lista-pasajeros');
    await screen.findByRole('row', { name: /LD-20261122-000041/ });

    fireEvent.change(screen.getByLabelText('Fecha de viaje'), { target: { value: '2026-11-23' } });
    await user.click(screen.getByRole('combobox', { name: 'Sección' }));
    await user.click(await screen.findByRole('option', { name: 'Tigre – Río Capitán', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Tipo de viaje' }));
    await user.click(await screen.findByRole('option', { name: 'Jubilado', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Estado de embarque' }));
    await user.click(await screen.findByRole('option', { name: 'Solo pendientes', hidden: true }));

    await waitFor(() => expect(Object.fromEntries(consultas.at(-1)!)).toEqual({
      fecha: '2026-11-23',
      seccion_id: '2',
      tipo_viaje_id: '2',
      embarcado: 'false',
    }));

    await user.click(screen.getByRole('combobox', { name: 'Estado de embarque' }));
    await user.click(await screen.findByRole('option', { name: 'Solo embarcados', hidden: true }));
    await waitFor(() => expect(consultas.at(-1)!.get('embarcado')).toBe('true'));
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, false));
  });

  /** A phone: the narrow-screen queries match. */
  const pantallaAngosta = () =>
    vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, query.includes('max-width')));

  it('shows one card per passenger on a narrow screen, with the document, the state and Validar', async () => {
    pantallaAngosta();
    renderApp('/admin/lista-pasajeros');
    const lista = await screen.findByRole('list', { name: 'Pasajeros' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const pendiente = within(lista).getByRole('listitem', { name: 'LD-20261122-000041' });
    expect(pendiente).toHaveTextContent('Pendiente');
    expect(pendiente).toHaveTextContent('Juana Gómez');
    expect(pendiente).toHaveTextContent('Documento: 30111222');
    expect(within(pendiente).getByRole('button', { name: 'Validar LD-20261122-000041' })).toBeInTheDocument();
    const embarcado = within(lista).getByRole('listitem', { name: 'LD-20261122-000042' });
    expect(embarcado).toHaveTextContent('Embarcado');
    expect(embarcado).not.toHaveTextContent('Documento');
    expect(within(embarcado).queryByRole('button', { name: /Validar/ })).not.toBeInTheDocument();
  });

  it('boards a pending ticket with Validar, without asking, and offers Deshacer', async () => {
    const claves: (string | null)[] = [];
    server.use(
      http.post('/api/pasajes/41/validar-embarque', () => okWithMessage({ ...PENDIENTE, estado: 'usado' }, 'Embarque validado exitosamente')),
      http.post('/api/pasajes/41/deshacer-embarque', ({ request }) => {
        claves.push(request.headers.get('Idempotency-Key'));
        return okWithMessage(PENDIENTE, 'Embarque deshecho: el pasaje vuelve a estar pendiente');
      }),
    );
    const { user } = renderApp('/admin/lista-pasajeros');
    await user.click(await screen.findByRole('button', { name: 'Validar LD-20261122-000041' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const barra = await screen.findByRole('status', { name: 'Último embarque' });
    expect(barra).toHaveTextContent('Embarque validado exitosamente');
    expect(barra).toHaveTextContent('LD-20261122-000041 · Juana Gómez');
    await user.click(within(barra).getByRole('button', { name: 'Deshacer' }));

    expect(await screen.findByText('Embarque deshecho: el pasaje vuelve a estar pendiente')).toBeInTheDocument();
    expect(claves).toEqual([expect.any(String)]);
    expect(screen.queryByRole('status', { name: 'Último embarque' })).not.toBeInTheDocument();
    await waitFor(() => expect(consultas).toHaveLength(3));
  });

  it('asks before boarding a ticket of another day, and boards it only when told', async () => {
    const validados: string[] = [];
    const MANIANA: Pasajero = { ...PENDIENTE, fecha_viaje: '2030-01-15' };
    server.use(
      http.get('/api/pasajes/por-fecha', () => ok({ fecha: '2030-01-15', pasajes: [MANIANA], stats: { total: 1, embarcados: 0, pendientes: 1 } })),
      http.post('/api/pasajes/41/validar-embarque', ({ request }) => {
        validados.push(request.url);
        return okWithMessage({ ...MANIANA, estado: 'usado' }, 'Embarque validado exitosamente');
      }),
    );
    const { user } = renderApp('/admin/lista-pasajeros');
    await user.click(await screen.findByRole('button', { name: 'Validar LD-20261122-000041' }));
    const pregunta = await screen.findByRole('dialog', { name: 'Pasaje de otro día' });
    expect(pregunta).toHaveTextContent('Pasaje para el 15/01/2030 — ¿embarcar igual?');
    await user.click(within(pregunta).getByRole('button', { name: 'No embarcar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(validados).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Validar LD-20261122-000041' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pasaje de otro día' })).getByRole('button', { name: 'Embarcar igual' }));
    expect(await screen.findByRole('status', { name: 'Último embarque' })).toHaveTextContent('Embarque validado exitosamente');
    expect(validados).toHaveLength(1);
  });

  it("shows the server's refusal of an undo", async () => {
    server.use(
      http.post('/api/pasajes/41/validar-embarque', () => okWithMessage({ ...PENDIENTE, estado: 'usado' }, 'Embarque validado exitosamente')),
      http.post('/api/pasajes/41/deshacer-embarque', () =>
        fail(409, 'Pasaron más de 2 minutos desde el embarque: ya no se puede deshacer')),
    );
    const { user } = renderApp('/admin/lista-pasajeros');
    await user.click(await screen.findByRole('button', { name: 'Validar LD-20261122-000041' }));
    await user.click(within(await screen.findByRole('status', { name: 'Último embarque' })).getByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('Pasaron más de 2 minutos desde el embarque: ya no se puede deshacer')).toBeInTheDocument();
  });

  it('stops offering Deshacer after 10 seconds', async () => {
    server.use(http.post('/api/pasajes/41/validar-embarque', () => okWithMessage({ ...PENDIENTE, estado: 'usado' }, 'Embarque validado exitosamente')));
    renderApp('/admin/lista-pasajeros');
    const validar = await screen.findByRole('button', { name: 'Validar LD-20261122-000041' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(validar);
    await screen.findByRole('status', { name: 'Último embarque' });
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(screen.getByRole('status', { name: 'Último embarque' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('status', { name: 'Último embarque' })).not.toBeInTheDocument();
  });

  it('boards a pending ticket with Validar, says so and refreshes the list', async () => {
    const claves: (string | null)[] = [];
    server.use(http.post('/api/pasajes/41/validar-embarque', ({ request }) => {
      claves.push(request.headers.get('Idempotency-Key'));
      return okWithMessage({ ...PENDIENTE, estado: 'usado' }, 'Embarque validado exitosamente');
    }));
    const { user } = renderApp('/admin/lista-pasajeros');
    await user.click(await screen.findByRole('button', { name: 'Validar LD-20261122-000041' }));

    expect(await screen.findByText('Embarque validado exitosamente')).toBeInTheDocument();
    expect(claves).toEqual([expect.any(String)]);
    await waitFor(() => expect(consultas).toHaveLength(2));
  });

  it("shows the server's refusal, or 'Error al validar' when it gives none", async () => {
    server.use(http.post('/api/pasajes/41/validar-embarque', () => fail(409, 'El pasaje ya fue utilizado para embarcar')));
    const { user } = renderApp('/admin/lista-pasajeros');
    await user.click(await screen.findByRole('button', { name: 'Validar LD-20261122-000041' }));
    expect(await screen.findByText('El pasaje ya fue utilizado para embarcar')).toBeInTheDocument();

    server.use(http.post('/api/pasajes/41/validar-embarque', () => new Response(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Validar LD-20261122-000041' }));
    expect(await screen.findByText('Error al validar')).toBeInTheDocument();
  });

  it('is denied to the supervisor', async () => {
    signIn('supervisor');
    renderApp('/admin/lista-pasajeros');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
  });
});
