import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { ok, okWithMessage, server } from '@/testing/server';
import { failOnce, mockCatalogo, SECCIONES_FIXTURE, TIPOS_FIXTURE, type Write } from '@/testing/handlers/config';
import { MSG_TIPO_CON_MOVIMIENTOS } from '@/lib/tipoMedioPago';

function renderScreen(path = '/admin/configuracion/secciones') {
  signIn('admin');
  return renderApp(path);
}

async function openNueva(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Nueva sección' }));
  return screen.findByRole('dialog', { name: 'Nueva sección' });
}

describe('catalog screens', () => {
  it('lists sections with capacity in persons and their state', async () => {
    mockCatalogo('secciones', SECCIONES_FIXTURE);
    renderScreen();

    const table = await screen.findByRole('table', { name: 'Secciones' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Nombre', 'Descripción', 'Capacidad', 'Estado', 'Acciones']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Tigre – Tres Bocas')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Activo')).toBeInTheDocument();
    expect(within(rows[1]).getAllByText(/1\.200 personas/)[0]).toBeInTheDocument();
    expect(within(rows[1]).getByText('Inactivo')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Editar Tigre – Río Capitán' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Eliminar Tigre – Río Capitán' })).toBeInTheDocument();
  });

  it('uses the same screen without capacity for trip types', async () => {
    mockCatalogo('tipos-viaje', TIPOS_FIXTURE);
    renderScreen('/admin/configuracion/tipos-viaje');

    const table = await screen.findByRole('table', { name: 'Tipos de viaje' });
    expect(within(table).queryByRole('columnheader', { name: 'Capacidad' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo tipo de viaje' })).toBeInTheDocument();
  });

  it('marks round-trip types in the list, with their days for the return', async () => {
    mockCatalogo('tipos-viaje', [
      ...TIPOS_FIXTURE,
      { id: 3, nombre: 'Ida y vuelta', descripcion: '', activo: true, ida_y_vuelta: true, dias_vuelta: 7 },
      { id: 4, nombre: 'Vuelta abierta', descripcion: '', activo: true, ida_y_vuelta: true, dias_vuelta: null },
    ]);
    renderScreen('/admin/configuracion/tipos-viaje');

    const rows = within(await screen.findByRole('table', { name: 'Tipos de viaje' })).getAllByRole('row').slice(1);
    expect(rows[0]).not.toHaveTextContent('Ida y vuelta');
    expect(rows[2]).toHaveTextContent('Ida y vuelta · vuelta hasta 7 días después');
    expect(within(rows[3]).getByText('Ida y vuelta')).toBeInTheDocument();
  });

  it('creates a round-trip type with the days for the return, only when the switch is on', async () => {
    const writes = mockCatalogo('tipos-viaje', TIPOS_FIXTURE);
    const { user } = renderScreen('/admin/configuracion/tipos-viaje');
    await user.click(await screen.findByRole('button', { name: 'Nuevo tipo de viaje' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo tipo de viaje' });

    expect(within(dialog).queryByLabelText(/Días para la vuelta/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Ida y vuelta');
    await user.click(within(dialog).getByRole('switch', { name: /Ida y vuelta/ }));
    const dias = within(dialog).getByLabelText(/Días para la vuelta/);
    await user.type(dias, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ingresa un número entero entre 0 y 365')).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.clear(dias);
    await user.type(dias, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Creado exitosamente')).toBeInTheDocument();
    expect(writes).toEqual<Write[]>([{
      method: 'POST',
      path: '/api/config/tipos-viaje',
      body: { nombre: 'Ida y vuelta', descripcion: '', activo: true, ida_y_vuelta: true, dias_vuelta: 7 },
    }]);
  });

  it('saves a trip type without a limit for the return, and turns round trips off', async () => {
    const writes = mockCatalogo('tipos-viaje', [
      { id: 3, nombre: 'Ida y vuelta', descripcion: '', activo: true, ida_y_vuelta: true, dias_vuelta: 7 },
      { id: 4, nombre: 'Simple', descripcion: '', activo: true, ida_y_vuelta: false },
    ]);
    const { user } = renderScreen('/admin/configuracion/tipos-viaje');

    await user.click(await screen.findByRole('button', { name: 'Editar Ida y vuelta' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar tipo de viaje' });
    expect(within(dialog).getByRole('switch', { name: /Ida y vuelta/ })).toBeChecked();
    const dias = within(dialog).getByLabelText(/Días para la vuelta/);
    expect(dias).toHaveValue('7');
    await user.clear(dias);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Actualizado exitosamente');

    await user.click(screen.getByRole('button', { name: 'Editar Ida y vuelta' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar tipo de viaje' });
    await user.click(within(dialog).getByRole('switch', { name: /Ida y vuelta/ }));
    expect(within(dialog).queryByLabelText(/Días para la vuelta/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes).toEqual<Write[]>([
      { method: 'PUT', path: '/api/config/tipos-viaje/3', body: { nombre: 'Ida y vuelta', descripcion: '', activo: true, ida_y_vuelta: true } },
      { method: 'PUT', path: '/api/config/tipos-viaje/3', body: { nombre: 'Ida y vuelta', descripcion: '', activo: true, ida_y_vuelta: false } },
    ]);
  });

  it('creates a payment method of a kind, the reference offered only for a kind that takes one, the switch only for a kind of reference', async () => {
    const writes = mockCatalogo('medios-pago', []);
    const { user } = renderScreen('/admin/configuracion/medios-pago');
    await user.click(await screen.findByRole('button', { name: 'Nuevo medio de pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo medio de pago' });
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Posnet');
    // The kind is required: nothing is sent without it, and no reference is offered before it.
    expect(within(dialog).queryByRole('combobox', { name: /Referencia del pago/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo/ }));
    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual(
      ['Efectivo', 'Tarjeta (débito o crédito)', 'Transferencia', 'Mercado Pago QR', 'Otro']);
    await user.click(screen.getByRole('option', { name: 'Efectivo', hidden: true }));
    expect(within(dialog).queryByRole('combobox', { name: /Referencia del pago/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Tarjeta (débito o crédito)', hidden: true }));

    expect(within(dialog).queryByRole('switch', { name: /Referencia obligatoria/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Referencia del pago/ }));
    await user.click(await screen.findByRole('option', { name: /Tarjeta: últimos 4 dígitos y autorización/, hidden: true }));
    await user.click(within(dialog).getByRole('switch', { name: /Referencia obligatoria/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Creado exitosamente')).toBeInTheDocument();
    expect(writes).toEqual<Write[]>([{
      method: 'POST',
      path: '/api/config/medios-pago',
      body: { nombre: 'Posnet', descripcion: '', activo: true, tipo: 'tarjeta', referencia: 'tarjeta', referencia_obligatoria: true },
    }]);
  });

  it('lists each payment method with its kind, and keeps the kind of one with movements when the server refuses the change', async () => {
    const writes = mockCatalogo('medios-pago', [
      { id: 1, nombre: 'Caja chica', descripcion: '', activo: true, tipo: 'efectivo', referencia: 'ninguna', referencia_obligatoria: false },
      { id: 4, nombre: 'Débito', descripcion: '', activo: true, tipo: 'tarjeta', referencia: 'tarjeta', referencia_obligatoria: false },
    ]);
    failOnce('put', '/config/medios-pago/4', 409, MSG_TIPO_CON_MOVIMIENTOS);
    const { user } = renderScreen('/admin/configuracion/medios-pago');
    const rows = within(await screen.findByRole('table', { name: 'Medios de pago' })).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Efectivo');
    expect(rows[1]).toHaveTextContent('Tarjeta (débito o crédito)');

    await user.click(screen.getByRole('button', { name: 'Editar Débito' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar medio de pago' });
    const tipo = within(dialog).getByRole('combobox', { name: /^Tipo/ });
    expect(tipo).toHaveValue('Tarjeta (débito o crédito)');
    await user.click(tipo);
    await user.click(await screen.findByRole('option', { name: 'Otro', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    // Refused: the stored kind is back, the select is disabled and says why; the rest may still be saved.
    await waitFor(() => expect(tipo).toBeDisabled());
    expect(tipo).toHaveValue('Tarjeta (débito o crédito)');
    expect(tipo).toHaveAccessibleDescription(expect.stringContaining(MSG_TIPO_CON_MOVIMIENTOS));
    await user.clear(within(dialog).getByLabelText(/Nombre/));
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Débito Posnet');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Actualizado exitosamente')).toBeInTheDocument();
    expect(writes).toEqual<Write[]>([{
      method: 'PUT',
      path: '/api/config/medios-pago/4',
      body: { nombre: 'Débito Posnet', descripcion: '', activo: true, tipo: 'tarjeta', referencia: 'tarjeta', referencia_obligatoria: false },
    }]);
  });

  it('shows the empty state', async () => {
    mockCatalogo('medios-pago', []);
    renderScreen('/admin/configuracion/medios-pago');
    expect(await screen.findByText('No hay medios de pago registrados')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the load error with the server message', async () => {
    failOnce('get', '/config/secciones', 503, 'Base de datos no disponible');
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar secciones');
    expect(alert).toHaveTextContent('Base de datos no disponible');
  });

  it('requires a name, then creates the section with the server message', async () => {
    const writes = mockCatalogo('secciones', SECCIONES_FIXTURE);
    server.use(http.post('/api/config/secciones', async ({ request }) => {
      writes.push({ method: 'POST', path: '', body: await request.json() });
      return okWithMessage({ id: 3 }, 'Sección creada exitosamente', { status: 201 });
    }));
    const { user } = renderScreen();
    const dialog = await openNueva(user);

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    // Name and capacity are both required.
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(writes).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Nombre/), '  Tigre – Arroyo Espera ');
    await user.type(within(dialog).getByLabelText('Descripción'), 'Recreos del Espera');
    const capacidad = within(dialog).getByLabelText(/Capacidad/);
    await user.clear(capacidad);
    await user.type(capacidad, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ingresa un número entero entre 1 y 10000')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.clear(capacidad);
    await user.type(capacidad, '35');
    await user.click(within(dialog).getByRole('switch', { name: /Exige el nombre de cada pasajero/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Sección creada exitosamente')).toBeInTheDocument();
    expect(writes).toEqual<Write[]>([{
      method: 'POST',
      path: '',
      body: { nombre: 'Tigre – Arroyo Espera', descripcion: 'Recreos del Espera', activo: true, capacidad: 35, requiere_pasajeros: true },
    }]);
  });

  it('edits an entry with its current values', async () => {
    const writes = mockCatalogo('secciones', SECCIONES_FIXTURE);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Editar Tigre – Tres Bocas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar sección' });

    expect(within(dialog).getByLabelText(/Nombre/)).toHaveValue('Tigre – Tres Bocas');
    expect(within(dialog).getByLabelText(/Capacidad/)).toHaveValue('60');
    await user.click(within(dialog).getByRole('switch', { name: /Activo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Actualizado exitosamente')).toBeInTheDocument();
    expect(writes).toEqual<Write[]>([{
      method: 'PUT',
      path: '/api/config/secciones/1',
      body: { nombre: 'Tigre – Tres Bocas', descripcion: 'Río Tigre y Sarmiento', activo: false, capacidad: 60, requiere_pasajeros: false },
    }]);
  });

  it("keeps the form open and shows the server's message when saving fails", async () => {
    mockCatalogo('secciones', SECCIONES_FIXTURE);
    failOnce('post', '/config/secciones', 409, 'Ya existe una sección con ese nombre');
    const { user } = renderScreen();
    const dialog = await openNueva(user);
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Tigre – Tres Bocas');
    await user.type(within(dialog).getByLabelText(/Capacidad/), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Ya existe una sección con ese nombre')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nueva sección' })).toBeInTheDocument();
  });

  it("shows 'Error al guardar sección' when the server gives no message", async () => {
    mockCatalogo('secciones', SECCIONES_FIXTURE);
    server.use(http.post('/api/config/secciones', () => new Response('<html>502</html>', { status: 502 }), { once: true }));
    const { user } = renderScreen();
    const dialog = await openNueva(user);
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Nueva');
    await user.type(within(dialog).getByLabelText(/Capacidad/), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Error al guardar sección')).toBeInTheDocument();
  });

  it('asks before deleting and says the action cannot be undone', async () => {
    const writes = mockCatalogo('tipos-viaje', TIPOS_FIXTURE);
    const { user } = renderScreen('/admin/configuracion/tipos-viaje');
    await user.click(await screen.findByRole('button', { name: 'Eliminar Jubilado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar tipo de viaje' });
    expect(dialog).toHaveTextContent('¿Está seguro de eliminar «Jubilado»? Esta acción no se puede deshacer.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(writes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Eliminar Jubilado' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Eliminar tipo de viaje' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Eliminado exitosamente')).toBeInTheDocument();
    expect(writes).toEqual<Write[]>([{ method: 'DELETE', path: '/api/config/tipos-viaje/2', body: undefined }]);
  });

  it('tells when the server deactivated the entry instead of deleting it', async () => {
    mockCatalogo('secciones', SECCIONES_FIXTURE);
    const mensaje = 'Sección desactivada exitosamente: ya tiene pasajes o movimientos registrados';
    server.use(http.delete('/api/config/secciones/:id', () => okWithMessage({ desactivado: true }, mensaje)));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Tigre – Tres Bocas' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));

    // An info toast (blue), not a success one: nothing was deleted.
    const toast = (await screen.findByText(mensaje)).closest<HTMLElement>('.mantine-Notification-root');
    expect(toast?.style.getPropertyValue('--notification-color')).toBe('var(--mantine-color-blue-filled)');
  });

  it('shows the 403 message when the server refuses the write', async () => {
    mockCatalogo('secciones', SECCIONES_FIXTURE);
    failOnce('delete', '/config/secciones/1', 403, 'No tienes permisos para realizar esta acción');
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Tigre – Tres Bocas' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No tienes permisos para realizar esta acción')).toBeInTheDocument();
  });

  it('refreshes the list after a change', async () => {
    let items = SECCIONES_FIXTURE;
    server.use(
      http.get('/api/config/secciones', () => ok(items)),
      http.delete('/api/config/secciones/:id', () => {
        items = items.slice(1);
        return okWithMessage({ desactivado: false }, 'Sección eliminada exitosamente');
      }),
      http.get('/api/config/precios', () => ok([])),
    );
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Tigre – Tres Bocas' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await screen.findByText('Sección eliminada exitosamente');
    expect(await screen.findAllByRole('row')).toHaveLength(2);
  });
});
