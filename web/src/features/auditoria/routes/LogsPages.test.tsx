import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { auditoria, makeRegistro } from '@/testing/handlers/auditoria';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { LogsSistemaPage } from './LogsSistemaPage';
import { LogsUsuariosPage } from './LogsUsuariosPage';

describe('LogsSistemaPage', () => {
  it('shows who (Sistema without a user), the action, the IP and how it went', async () => {
    server.use(...auditoria([makeRegistro(2), makeRegistro(1, { usuario_id: null, usuario: null, exito: false })]).handlers);
    signIn('super_admin');
    renderWithProviders(<LogsSistemaPage />, { route: '/admin/logs/sistema' });
    const filas = await screen.findAllByRole('row');
    expect(filas[1]).toHaveTextContent(/vendedor.*LOGIN.*10\.0\.0\.8.*Exitoso/);
    expect(filas[2]).toHaveTextContent(/Sistema.*LOGIN.*Fallido/);
  });

  it('says when there is nothing', async () => {
    server.use(...auditoria([]).handlers);
    signIn('super_admin');
    renderWithProviders(<LogsSistemaPage />, { route: '/admin/logs/sistema' });
    expect(await screen.findByText('No hay logs registrados')).toBeInTheDocument();
  });
});

describe('LogsUsuariosPage', () => {
  it('asks for a user, then lists what that user did with details cut at 50 characters', async () => {
    const largo = 'Pasaje LD-000041: activo → cancelado, egreso 4500 en caja #3';
    const mock = auditoria([makeRegistro(2, { detalles: largo }), makeRegistro(1, { usuario_id: 9 })], [
      { id: 7, nombre_usuario: 'vendedor', nombre: 'Ana', apellido: 'Paz', rol: 'vendedor', empresa_nombre: 'Lanchas del Delta' },
    ]);
    server.use(...mock.handlers);
    signIn('super_admin');
    const { user } = renderWithProviders(<LogsUsuariosPage />, { route: '/admin/logs/usuarios' });
    expect(screen.getByText('Seleccione un usuario para ver sus logs')).toBeInTheDocument();
    expect(mock.consultas).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'Usuario' }));
    await user.click(await screen.findByRole('option', { name: 'vendedor (Vendedor)', hidden: true }));
    await waitFor(() => expect(mock.consultas.at(-1)?.get('usuario_id')).toBe('7'));
    const filas = await screen.findAllByRole('row');
    expect(filas).toHaveLength(2);
    expect(filas[1]).toHaveTextContent(`${largo.slice(0, 50)}…`);
    expect(screen.getByLabelText('Exitoso')).toBeInTheDocument();
  });

  it('says when the user has no logs', async () => {
    server.use(...auditoria([], [{ id: 3, nombre_usuario: 'lancha', nombre: '', apellido: '', rol: 'lancha', empresa_nombre: 'X' }]).handlers);
    signIn('super_admin');
    const { user } = renderWithProviders(<LogsUsuariosPage />, { route: '/admin/logs/usuarios' });
    await user.click(screen.getByRole('combobox', { name: 'Usuario' }));
    await user.click(await screen.findByRole('option', { name: /^lancha/, hidden: true }));
    expect(await screen.findByText('No hay logs para el usuario seleccionado')).toBeInTheDocument();
  });
});
