import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { failOnce, type Write } from '@/testing/handlers/config';
import { mockRoles } from '@/testing/handlers/roles';
import { renderApp } from '@/testing/render';

function renderScreen() {
  signIn('super_admin');
  return renderApp('/admin/gestion-roles');
}

describe('Gestión de Roles', () => {
  it('lists the roles; built-in roles have no delete button', async () => {
    mockRoles();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).queryByRole('button', { name: 'Eliminar vendedor' })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Eliminar cajero' })).toBeInTheDocument();
  });

  it('creates a role from the default new role, with the matrix as grouped switches', async () => {
    const writes: Write[] = [];
    mockRoles(undefined, writes);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Nuevo Rol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Rol' });

    // the spec's default: sell, print 80 mm and the whole register; nothing else
    expect(within(dialog).getByLabelText('Pasajes: Crear')).toBeChecked();
    expect(within(dialog).getByLabelText('Caja: Movimientos')).toBeChecked();
    expect(within(dialog).getByLabelText('Impresión: Ticket 80 mm')).toBeChecked();
    expect(within(dialog).getByLabelText('Pasajes: Anular')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Activo')).toBeChecked();
    // a new role starts at the seller's level, a staff one: neither super_admin's nor the passengers'
    expect(within(dialog).getByRole('combobox', { name: 'Nivel jerárquico' })).toHaveValue('4 - Vendedor');
    expect(within(dialog).getAllByLabelText(/^Color #/)).toHaveLength(7);
    expect(within(dialog).getAllByLabelText(/^Icono /)).toHaveLength(9);

    await user.type(within(dialog).getByLabelText('Nombre', { exact: false }), 'cobrador');
    await user.click(within(dialog).getByLabelText('Caja: Movimientos'));
    await user.click(within(dialog).getByLabelText('Validación: Embarque'));
    await user.click(within(dialog).getByLabelText('Color #EF4444'));
    await user.click(within(dialog).getByLabelText('Icono 🎫'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Rol creado exitosamente')).toBeInTheDocument();
    const body = writes[0].body as { nombre: string; color_badge: string; icono: string; nivel_jerarquico: number;
      permisos: Record<string, Record<string, unknown>> };
    expect(writes[0].method).toBe('POST');
    expect(body).toMatchObject({ nombre: 'cobrador', color_badge: '#EF4444', icono: '🎫', nivel_jerarquico: 4, activo: true });
    expect(body.permisos.caja).toEqual({ ver: true, abrir: true, cerrar: true, movimientos: false });
    expect(body.permisos.validacion).toEqual({ embarque: true, desembarque: false });
    expect(body.permisos.dashboard).toEqual({ ver: true, tipo: 'vendedor' });
  }, 60_000);

  it('requires the name', async () => {
    const writes = mockRoles();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Nuevo Rol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Rol' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El nombre del rol es requerido')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('keeps the name of a built-in role and shows the server refusal', async () => {
    mockRoles();
    failOnce('put', '/config/roles/4', 409, 'Los roles del sistema no se pueden renombrar');
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Editar vendedor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar rol vendedor' });
    expect(within(dialog).getByLabelText('Nombre', { exact: false })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Los roles del sistema no se pueden renombrar')).toBeInTheDocument();
  });

  it('deleting a role in use asks where its users go and sends it', async () => {
    const writes: Write[] = [];
    mockRoles(undefined, writes);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Eliminar cajero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar rol' });
    expect(within(dialog).getByText(/2 usuarios tienen este rol y perderán su acceso/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(dialog).findByText('Elige el rol al que pasan sus usuarios')).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Pasar sus usuarios al rol' }));
    // super_admin is never a target
    expect(screen.queryByRole('option', { name: 'super_admin', hidden: true })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'vendedor', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Rol eliminado exitosamente')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'DELETE', path: '/api/config/roles/7?reasignar_a=4', body: undefined }]);
  });

  it('shows the load error', async () => {
    mockRoles();
    failOnce('get', '/config/roles', 503, 'Base de datos no disponible');
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar roles');
  });
});
