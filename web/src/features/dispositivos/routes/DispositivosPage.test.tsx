import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { DISPOSITIVOS, mockDispositivos } from '@/testing/handlers/dispositivos';
import { renderApp } from '@/testing/render';

// jsdom has no IndexedDB: this browser's registration lives in a map.
const entradas = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/lib/dispositivoAlmacen', () => ({
  leerEntrada: async (entrada: string) => entradas.get(entrada),
  escribirEntradas: async (nuevas: Record<string, unknown>) => {
    for (const [entrada, valor] of Object.entries(nuevas)) {
      if (valor === undefined) entradas.delete(entrada);
      else entradas.set(entrada, valor);
    }
  },
}));

function renderScreen(rol = 'admin') {
  signIn(rol);
  return renderApp('/admin/dispositivos');
}

beforeEach(() => entradas.clear());
afterEach(() => vi.unstubAllGlobals());

/** The registration button, once the list came. */
async function botonRegistrar() {
  await screen.findByRole('table', { name: 'Dispositivos' });
  return screen.getByRole('button', { name: 'Registrar este dispositivo' });
}

describe('devices screen', () => {
  it('lists the devices with who registered them, when, their last use and their state', async () => {
    mockDispositivos();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Dispositivos' });
    const [, revocado, activo] = within(table).getAllByRole('row');
    expect(within(activo).getAllByRole('cell').map((c) => c.textContent)).toEqual(
      ['7HX2', 'Mostrador 1', 'vendedor', '15/10/2026', expect.stringMatching(/^25\/11\/2026 \d\d:\d\d$/), 'Activo', ''],
    );
    expect(within(revocado).getByText('Revocado')).toBeInTheDocument();
    expect(within(revocado).getByText('el 20/11/2026 por admin')).toBeInTheDocument();
    expect(within(revocado).getByText('Nunca')).toBeInTheDocument();
    expect(within(revocado).queryByRole('button', { name: /Revocar/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Este navegador no está registrado/)).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockDispositivos([]);
    renderScreen();
    expect(await screen.findByText('No hay dispositivos registrados')).toBeInTheDocument();
  });

  it('registers this browser with a key pair made here and shows its code', async () => {
    const writes = mockDispositivos();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Registrar este dispositivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar este dispositivo' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Nombre del dispositivo/), ' Boletería ');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Dispositivo registrado con el código R2D2')).toBeInTheDocument();
    expect(await screen.findByTestId('codigo-propio')).toHaveTextContent('R2D2');
    expect(screen.getByText(/vigente hasta el 26\/11\/2027/)).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', path: '/api/dispositivos', clave: expect.any(String),
      body: { nombre: 'Boletería', clave_publica: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } }]);
    expect(entradas.get('actual')).toMatchObject({ codigo: 'R2D2', keyPair: { privateKey: expect.objectContaining({ extractable: false }) } });
  });

  it('marks the row of this browser', async () => {
    entradas.set('actual', { codigo: '7HX2', nombre: 'Mostrador 1', hasta: '2027-10-15T13:00:00Z' });
    mockDispositivos();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Dispositivos' });
    expect(within(within(table).getAllByRole('row')[2]).getByText('Este dispositivo')).toBeInTheDocument();
    expect(screen.getByTestId('codigo-propio')).toHaveTextContent('7HX2');
  });

  it('says when this browser was revoked', async () => {
    entradas.set('actual', { codigo: 'K3ZQ', nombre: 'Celular de proa', hasta: '2027-11-02T12:00:00Z' });
    mockDispositivos();
    renderScreen();
    expect(await screen.findByText(/Este navegador fue revocado con el código K3ZQ/)).toBeInTheDocument();
    expect(screen.queryByTestId('codigo-propio')).not.toBeInTheDocument();
  });

  it('renames and revokes after confirming', async () => {
    const writes = mockDispositivos();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Renombrar Mostrador 1' }));
    const renombrar = await screen.findByRole('dialog', { name: 'Renombrar dispositivo' });
    const campo = within(renombrar).getByLabelText(/Nombre del dispositivo/);
    expect(campo).toHaveValue('Mostrador 1');
    await user.clear(campo);
    await user.type(campo, 'Boletería norte');
    await user.click(within(renombrar).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Dispositivo renombrado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revocar Mostrador 1' }));
    const revocar = await screen.findByRole('dialog', { name: 'Revocar dispositivo' });
    expect(within(revocar).getByText('¿Revocar «Mostrador 1» (código 7HX2)?')).toBeInTheDocument();
    await user.click(within(revocar).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(screen.getAllByText('Dispositivo revocado').length).toBeGreaterThan(0));
    expect(writes.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PUT', path: '/api/dispositivos/1', body: { nombre: 'Boletería norte' } },
      { method: 'DELETE', path: '/api/dispositivos/1', body: undefined },
    ]);
  });

  it('pages the list and counts the active devices against the bound', async () => {
    const listas: URLSearchParams[] = [];
    mockDispositivos(undefined, [], { total: 120, listas });
    const { user } = renderScreen();
    expect(await screen.findByTestId('dispositivos-activos')).toHaveTextContent('Dispositivos activos: 1 de 200 permitidos');
    expect(screen.getByText('Mostrando 1 a 50 de 120 resultados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 51 a 100 de 120 resultados')).toBeInTheDocument();
    expect(listas.map((q) => [q.get('pagina'), q.get('limite')])).toEqual([['1', '50'], ['2', '50']]);
  });

  it('says which device a registration revoked to stay within the bound', async () => {
    const reemplazado = { ...DISPOSITIVOS[1], revocado_en: '2026-11-26T12:00:00Z', revocado_por: 'admin' };
    mockDispositivos(undefined, [], { registro: { reemplazado } });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Registrar este dispositivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar este dispositivo' });
    await user.type(within(dialog).getByLabelText(/Nombre del dispositivo/), 'Boletería');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Dispositivo registrado con el código R2D2. Se revocó «Mostrador 1» (7HX2), el que menos usabas'))
      .toBeInTheDocument();
  });

  it('on a page that is not a secure context, keeps the registration button disabled and says why', async () => {
    vi.stubGlobal('isSecureContext', false);
    mockDispositivos();
    renderScreen();
    const boton = await botonRegistrar();
    expect(boton).toBeDisabled();
    expect(boton).toHaveAccessibleDescription(/^Esta conexión no es segura \(HTTPS\): .* Pida al administrador la dirección https:\/\/localhost$/);
    expect(screen.getByRole('note')).toHaveTextContent('este dispositivo no puede vender sin conexión');
  });

  it('on a secure page, shows no notice and the registration button works', async () => {
    vi.stubGlobal('isSecureContext', true);
    mockDispositivos();
    renderScreen();
    const boton = await botonRegistrar();
    // disabled only while this browser's registration is read
    await waitFor(() => expect(boton).toBeEnabled());
    expect(boton).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/Esta conexión no es segura/)).not.toBeInTheDocument();
  });

  it('is not for a seller', async () => {
    renderScreen('vendedor');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
  });
});
