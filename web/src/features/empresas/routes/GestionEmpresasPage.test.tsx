import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { EMPRESA, signIn } from '@/testing/fixtures';
import { EMPRESAS, mockEmpresas } from '@/testing/handlers/empresas';
import { fail, okWithMessage } from '@/testing/http';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

function renderScreen(rol = 'super_admin') {
  signIn(rol);
  mockEmpresas();
  return renderApp('/admin/empresas');
}

describe('Gestión de Empresas', () => {
  it('tells other roles that only super administrators manage companies', async () => {
    renderScreen('admin');
    expect(await screen.findByText('Solo los super administradores pueden acceder a la gestión de empresas.')).toBeInTheDocument();
    expect(screen.getByText('Acceso Denegado')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists the companies with their state, type and users', async () => {
    renderScreen();
    const row = (await screen.findByText('Interisleña Demo')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Inactiva')).toBeInTheDocument();
    expect(within(row).getByText('Operativa')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Desactivar Interisleña Demo' })).toBeDisabled();
  });

  it('requires name and RUC, then shows the new admin temporary credentials once', async () => {
    let body: unknown;
    let key: string | null = null;
    server.use(
      http.post('/api/config/empresas', async ({ request }) => {
        body = await request.json();
        key = request.headers.get('Idempotency-Key');
        return okWithMessage(
          {
            empresa: { ...EMPRESA, id: 3, nombre: 'Río Luján' },
            credenciales_temporales: { usuario: 'admin_rl', password_temporal: 'Garza47!Remo', valida_hasta: '2026-11-21T12:00:00Z' },
          },
          'Empresa creada exitosamente',
          { status: 201 },
        );
      }),
    );
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Nueva empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva empresa' });
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Río Luján');
    await user.click(within(dialog).getByRole('button', { name: 'Crear empresa' }));
    expect(await within(dialog).findByText('Nombre y RUC son obligatorios')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.type(within(dialog).getByLabelText(/RUC/), '33-69345023-9');
    await user.click(within(dialog).getByRole('button', { name: 'Crear empresa' }));
    const credenciales = await screen.findByRole('dialog', { name: 'Credenciales temporales' });
    expect(within(credenciales).getByTestId('credencial-password')).toHaveTextContent('Garza47!Remo');
    expect(within(credenciales).getByTestId('credencial-usuario')).toHaveTextContent('admin_rl');
    expect(within(credenciales).getByText(/La empresa Río Luján ya tiene sus secciones/)).toBeInTheDocument();
    expect(within(credenciales).getByText(/debe cambiarse en el primer ingreso/)).toBeInTheDocument();
    expect(body).toMatchObject({ nombre: 'Río Luján', ruc: '33-69345023-9', tipo: 'operativa' });
    expect(key).toMatch(/\S{16,}/);
  });

  it("shows the server's check-digit message", async () => {
    server.use(http.put('/api/config/empresas/1', () => fail(400, 'El RUC tiene forma de CUIT (11 dígitos) pero su dígito verificador no es válido')));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: `Editar ${EMPRESAS[0].nombre}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar empresa' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El RUC tiene forma de CUIT (11 dígitos) pero su dígito verificador no es válido')).toBeInTheDocument();
  });
});
