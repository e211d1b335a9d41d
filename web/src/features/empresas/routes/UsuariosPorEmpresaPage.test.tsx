import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { mockEmpresas } from '@/testing/handlers/empresas';
import { ok, okWithMessage } from '@/testing/http';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

function renderAt(route: string) {
  signIn('super_admin');
  mockEmpresas();
  return renderApp(route);
}

describe('Usuarios por Empresa', () => {
  it("lists the company's users with role badge and 'Nunca' for who never logged in", async () => {
    const { user } = renderAt('/admin/empresas/usuarios');
    expect(await screen.findByText('3 usuarios')).toBeInTheDocument();
    await user.click(screen.getByText('Interisleña Demo'));
    const row = (await screen.findByText('vendedor2')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Nunca')).toBeInTheDocument();
    expect(within(row).getByText('Inactivo')).toBeInTheDocument();
    expect(within(row).getByText(/Vendedor/)).toBeInTheDocument();
    const admin = screen.getByText('admin2').closest('tr') as HTMLElement;
    expect(within(admin).queryByText('Nunca')).not.toBeInTheDocument();
  });
});

describe('Configuraciones por Empresa', () => {
  it('edits one setting at a time with its key locked', async () => {
    let put: { url: string; body: unknown } | undefined;
    server.use(
      http.get('/api/admin/empresas/2/configuraciones', () =>
        ok({
          configuraciones: [{ id: 1, clave: 'color_primario', valor: '#B91C1C', descripcion: 'Rojo' }],
          presets: [{ clave: 'horario_apertura', valor: '08:00', descripcion: 'Apertura' }],
        }),
      ),
      http.put('/api/admin/empresas/2/configuraciones/:clave', async ({ request }) => {
        put = { url: request.url, body: await request.json() };
        return okWithMessage({ id: 1, clave: 'color_primario', valor: '#0E7490', descripcion: 'Rojo' }, 'Configuración guardada exitosamente');
      }),
    );
    const { user } = renderAt('/admin/empresas/configuraciones');
    await user.click(await screen.findByText('Interisleña Demo'));
    await user.click(await screen.findByRole('button', { name: 'Editar color_primario' }));
    expect(screen.getByLabelText('Clave')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Editar color_primario' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Valor'));
    await user.type(screen.getByLabelText('Valor'), '#0E7490');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Configuración guardada exitosamente')).toBeInTheDocument();
    expect(put?.url).toMatch(/\/configuraciones\/color_primario$/);
    expect(put?.body).toEqual({ valor: '#0E7490', descripcion: 'Rojo' });
  });

  it('fills a new setting from a preset', async () => {
    server.use(http.get('/api/admin/empresas/2/configuraciones', () => ok({ configuraciones: [], presets: [{ clave: 'horario_apertura', valor: '08:00', descripcion: 'Apertura' }] })));
    const { user } = renderAt('/admin/empresas/configuraciones');
    await user.click(await screen.findByText('Interisleña Demo'));
    expect(await screen.findByRole('button', { name: 'Guardar' })).toBeDisabled();
    await user.click(screen.getByText('horario_apertura'));
    expect(screen.getByLabelText('Clave')).toHaveValue('horario_apertura');
    expect(screen.getByLabelText('Valor')).toHaveValue('08:00');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  });
});
