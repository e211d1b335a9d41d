import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp, renderWithProviders } from '@/testing/render';
import { mockUsuarios, rolesDisponibles, ROLES_INFO_ADMIN } from '@/testing/handlers/usuarios';
import { GestionUsuariosPage } from './GestionUsuariosPage';

function renderPage(info = ROLES_INFO_ADMIN, { rol = 'admin', id = 99 } = {}) {
  const calls = mockUsuarios(info);
  signIn(rol, { id, rolInfo: { nombre: rol, permisos: { usuarios: { ver: true, crear: true, editar: true, eliminar: true } } } });
  return { calls, ...renderWithProviders(<GestionUsuariosPage />, { route: '/admin/gestion-usuarios' }) };
}

const filas = () => screen.getAllByRole('row').slice(1);

/** The labels of the role options the open dialog offers. */
async function opcionesDeRol(user: ReturnType<typeof renderPage>['user'], dialog: HTMLElement) {
  const rol = within(dialog).getByRole('combobox', { name: 'Rol' });
  await user.click(rol);
  await waitFor(() => expect(rol).toHaveAttribute('aria-controls'));
  const lista = document.getElementById(rol.getAttribute('aria-controls') ?? '') as HTMLElement;
  return { lista, opciones: within(lista).getAllByRole('option', { hidden: true }).map((o) => o.textContent) };
}

const NOTA_FILTRADOS = 'Solo se ofrecen roles de nivel inferior al tuyo cuyos permisos tienes';

describe('Gestión de Usuarios', () => {
  it('shows the statistics per role and the table, narrowed by the filters', async () => {
    const { user } = renderPage();
    expect(await screen.findByText('Diego Sosa')).toBeInTheDocument();
    expect(screen.getByText('0 activos · 1 inactivo')).toBeInTheDocument();
    expect(filas()).toHaveLength(4);
    expect(within(filas()[3]).getByText('Temporal expirada')).toBeInTheDocument();
    // nobody edits or deletes a user of a higher level
    expect(screen.queryByRole('button', { name: 'Editar jefa' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar jefa' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Buscar'), 'diego');
    expect(filas()).toHaveLength(1);
    await user.clear(screen.getByLabelText('Buscar'));
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'Inactivos', hidden: true }));
    expect(filas()).toHaveLength(1);
    expect(within(filas()[0]).getByText('ramon')).toBeInTheDocument();
  });

  it('creates a user with a generated password and shows the credentials once, with copy', async () => {
    const { user, calls } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nuevo usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El nombre de usuario es requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('El email es requerido para enviar las credenciales')).toBeInTheDocument();
    expect(calls.writes).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Nombre de usuario/), 'nueva');
    await user.type(within(dialog).getByLabelText(/Email/), 'nueva@muelle.test');
    const { lista, opciones } = await opcionesDeRol(user, dialog);
    expect(opciones).toEqual(['Supervisor', 'Vendedor', 'Personal de Embarque', 'Pasajero']);
    await user.click(within(lista).getByRole('option', { name: 'Vendedor', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    const credenciales = await screen.findByRole('dialog', { name: 'Credenciales temporales' });
    expect(within(credenciales).getByTestId('credencial-password')).toHaveTextContent('Garza47!Remo');
    expect(calls.writes[0]).toMatchObject({
      method: 'POST', body: { nombre_usuario: 'nueva', email: 'nueva@muelle.test', rol: 'vendedor', auto_generate_password: true },
    });
    expect(calls.writes[0].key).toBeTruthy();
    await user.click(within(credenciales).getByRole('button', { name: 'Copiar al portapapeles' }));
    // user-event stands in for the clipboard
    expect(await navigator.clipboard.readText()).toBe('Usuario: nueva\nContraseña temporal: Garza47!Remo');
    expect(await screen.findByText('Credenciales copiadas al portapapeles')).toBeInTheDocument();
  });

  it('resets a password typed by the admin with its live strength, and suggests generated ones', async () => {
    const { user, calls } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Editar diego' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });
    await user.click(within(dialog).getByRole('button', { name: 'Sugerir contraseñas' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Junco58?Proa' }));
    expect(await within(dialog).findByText('Fortaleza: Fuerte (85/100)', {}, { timeout: 2000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.writes).toHaveLength(1));
    expect(calls.writes[0]).toMatchObject({ method: 'PUT', path: '/api/config/usuarios/3', body: { password: 'Junco58?Proa', rol: 'vendedor' } });
  });

  it('offers only the roles the server marks otorgable, and says why the others are not offered', async () => {
    // an admin whose custom role lacks the register: vendedor and supervisor have it
    const permitidos = ['lancha', 'pasajero'];
    const { user } = renderPage({ ...ROLES_INFO_ADMIN, rolesDisponibles: rolesDisponibles(permitidos), rolesPermitidos: permitidos });
    await user.click(await screen.findByRole('button', { name: 'Nuevo usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    expect(within(dialog).getByText(NOTA_FILTRADOS)).toBeInTheDocument();
    expect((await opcionesDeRol(user, dialog)).opciones).toEqual(['Personal de Embarque', 'Pasajero']);
    expect(within(dialog).getByRole('combobox', { name: 'Rol' })).toHaveValue('Personal de Embarque');
  });

  it('keeps a user\'s current role among the choices', async () => {
    const permitidos = ['lancha', 'pasajero'];
    const { user } = renderPage({ ...ROLES_INFO_ADMIN, rolesDisponibles: rolesDisponibles(permitidos), rolesPermitidos: permitidos });
    await user.click(await screen.findByRole('button', { name: 'Editar diego' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });
    expect((await opcionesDeRol(user, dialog)).opciones).toEqual(['Vendedor', 'Personal de Embarque', 'Pasajero']);
    expect(within(dialog).getByText(NOTA_FILTRADOS)).toBeInTheDocument();
  });

  it('has no note when every role is offered', async () => {
    const todos = ['super_admin', 'admin', 'supervisor', 'vendedor', 'lancha', 'pasajero'];
    const { user } = renderPage({ ...ROLES_INFO_ADMIN, rolesDisponibles: rolesDisponibles(todos), rolesPermitidos: todos });
    await user.click(await screen.findByRole('button', { name: 'Nuevo usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    expect(within(dialog).getByRole('combobox', { name: 'Rol' })).toBeEnabled();
    expect(within(dialog).queryByText(NOTA_FILTRADOS)).not.toBeInTheDocument();
  });

  it('does not let a user change their own role, and says so', async () => {
    const { user, calls } = renderPage(
      { ...ROLES_INFO_ADMIN, rolActual: 'supervisor', rolesDisponibles: rolesDisponibles(['vendedor']), rolesPermitidos: ['vendedor'] },
      { rol: 'supervisor', id: 2 });
    await user.click(await screen.findByRole('button', { name: 'Editar supervisora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });
    expect(within(dialog).getByRole('combobox', { name: 'Rol' })).toBeDisabled();
    expect(within(dialog).getByText('No puedes cambiar tu propio rol')).toBeInTheDocument();
    expect(within(dialog).queryByText(NOTA_FILTRADOS)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.writes).toHaveLength(1));
    expect(calls.writes[0]).toMatchObject({ method: 'PUT', path: '/api/config/usuarios/2', body: { rol: 'supervisor' } });
  });

  it('hides create and delete from who may not use them', async () => {
    renderPage({ ...ROLES_INFO_ADMIN, rolesPermitidos: [], restricciones: { ...ROLES_INFO_ADMIN.restricciones, puede_crear: false, puede_eliminar: false } });
    expect(await screen.findByRole('button', { name: 'Editar diego' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo usuario' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar diego' })).not.toBeInTheDocument();
  });

  it('deletes after confirmation and says when the user was deactivated instead', async () => {
    const { user, calls } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Eliminar diego' }));
    await user.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(/se desactivó en lugar de eliminarse/)).toBeInTheDocument();
    expect(calls.writes[0]).toMatchObject({ method: 'DELETE', path: '/api/config/usuarios/3' });
  });

  it('redirects /admin/usuarios to /admin/gestion-usuarios', async () => {
    mockUsuarios();
    signIn('admin', { rolInfo: { nombre: 'admin', permisos: { usuarios: { ver: true } } } });
    renderApp('/admin/usuarios');
    expect(await screen.findByRole('heading', { name: 'Gestión de Usuarios' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/gestion-usuarios');
  });
});
