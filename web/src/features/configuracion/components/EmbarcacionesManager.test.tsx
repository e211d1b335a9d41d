import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { EMBARCACIONES_FIXTURE } from '@/testing/handlers/salidas';
import { renderApp } from '@/testing/render';
import { fail, ok, okWithMessage, server } from '@/testing/server';

const PATH = '/admin/configuracion/embarcaciones';

describe('Embarcaciones', () => {
  let escrituras: { method: string; path: string; body: unknown }[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T13:00:00Z'));
    escrituras = [];
    const registrar = (status: number, message: string) => async ({ request }: { request: Request }) => {
      escrituras.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
      return okWithMessage(EMBARCACIONES_FIXTURE[0], message, { status });
    };
    server.use(
      http.get('/api/config/embarcaciones', () => ok(EMBARCACIONES_FIXTURE)),
      http.post('/api/config/embarcaciones', registrar(201, 'Embarcación creada exitosamente')),
      http.put('/api/config/embarcaciones/:id', registrar(200, 'Embarcación actualizada exitosamente')),
      http.put('/api/config/embarcaciones/:id/activo', registrar(200, 'Embarcación desactivada')),
    );
    signIn('admin');
  });

  afterEach(() => vi.useRealTimers());

  it('lists each boat with its certified capacity, split, certificate date and state', async () => {
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Embarcaciones' });
    const [, marina, caracol] = within(table).getAllByRole('row');
    expect(marina).toHaveTextContent('60 pasajeros');
    expect(marina).toHaveTextContent('50 sentados · 10 de pie');
    expect(marina).toHaveTextContent('31/03/2027');
    expect(within(marina).queryByText('Vencido')).not.toBeInTheDocument();
    expect(within(caracol).getAllByText('Vencido')[0]).toBeInTheDocument();
    expect(within(caracol).getByText('Inactivo')).toBeInTheDocument();
    expect(within(caracol).getByRole('button', { name: 'Activar Caracol' })).toBeInTheDocument();
  });

  it('creates a boat: the split must add up to the capacity, the date goes as AAAA-MM-DD', async () => {
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Nueva embarcación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva embarcación' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(4);

    await user.type(within(dialog).getByLabelText(/Nombre/), 'Delta Star');
    await user.type(within(dialog).getByLabelText(/Matrícula/), 'REC-5555');
    await user.type(within(dialog).getByLabelText(/Capacidad habilitada/), '80');
    await user.click(within(dialog).getByRole('switch', { name: 'Indicar asientos y de pie' }));
    await user.type(within(dialog).getByLabelText(/Asientos/), '70');
    await user.type(within(dialog).getByLabelText(/De pie/), '5');
    await user.type(within(dialog).getByLabelText(/Vencimiento del certificado/), '31/12/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Asientos y de pie deben sumar la capacidad habilitada')).toBeInTheDocument();
    expect(escrituras).toHaveLength(0);

    const dePie = within(dialog).getByLabelText(/De pie/);
    await user.clear(dePie);
    await user.type(dePie, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Embarcación creada exitosamente')).toBeInTheDocument();
    expect(escrituras).toEqual([{ method: 'POST', path: '/api/config/embarcaciones', body: {
      nombre: 'Delta Star', matricula: 'REC-5555', capacidad: 80, asientos: 70, de_pie: 10,
      vencimiento_certificado: '2027-12-31', activo: true,
    } }]);
  });

  it("shows the server's refusal and keeps the form open", async () => {
    server.use(http.put('/api/config/embarcaciones/:id', () => fail(409, 'Ya existe una embarcación con esa matrícula'), { once: true }));
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Editar Marina del Delta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar embarcación' });
    expect(within(dialog).getByLabelText(/Matrícula/)).toHaveValue('REC-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe una embarcación con esa matrícula')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar embarcación' })).toBeInTheDocument();
  });

  it('deactivates a boat', async () => {
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Desactivar Marina del Delta' }));
    expect(await screen.findByText('Embarcación desactivada')).toBeInTheDocument();
    expect(escrituras).toEqual([{ method: 'PUT', path: '/api/config/embarcaciones/1/activo', body: { activo: false } }]);
  });
});
