import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { failOnce, type Write } from '@/testing/handlers/config';
import { MODULOS_EMPRESA, mockModulos } from '@/testing/handlers/modulos';
import { renderApp } from '@/testing/render';
import { filtrarModulos } from './GestionModulosPage';

function renderScreen() {
  signIn('super_admin');
  return renderApp('/admin/gestion-modulos');
}

describe('filtrarModulos', () => {
  it('searches name and description, any case, within a category', () => {
    const nombres = (b: string, c: string) => filtrarModulos(MODULOS_EMPRESA, b, c).map((m) => m.codigo);
    expect(nombres('CORREO', '')).toEqual(['email']);
    expect(nombres('', 'ventas')).toEqual(['venta_pasajes', 'caja']);
    expect(nombres('caja', 'comunicacion')).toEqual([]);
  });
});

describe('Gestión de Módulos', () => {
  it('shows the company modules, core locked on and the expired ones apart', async () => {
    mockModulos();
    renderScreen();
    expect(await screen.findByLabelText('Habilitar Núcleo del sistema')).toBeDisabled();
    expect(screen.getByLabelText('Habilitar Caja')).not.toBeChecked();
    const vencidos = screen.getByRole('heading', { name: 'Módulos vencidos' }).parentElement!;
    expect(within(vencidos).getByText('Puntos y Beneficios')).toBeInTheDocument();
    expect(within(vencidos).getByText('Vence: 31/01/2026')).toBeInTheDocument();
  });

  it('enables a module sending an empty configuration and shows the server message', async () => {
    const writes: Write[] = [];
    mockModulos(writes);
    const { user } = renderScreen();
    await user.click(await screen.findByLabelText('Habilitar Caja'));
    expect(await screen.findByText('Caja habilitado correctamente')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'PUT', path: '/api/admin/empresas/1/modulos/3',
      body: { habilitado: true, configuracion: {}, fecha_vencimiento: null } }]);
  });

  it('disabling sends null configuration; a refusal shows the §8 message', async () => {
    const writes: Write[] = [];
    mockModulos(writes);
    failOnce('put', '/admin/empresas/1/modulos/8', 500, 'Error interno del servidor');
    const { user } = renderScreen();
    await user.click(await screen.findByLabelText('Habilitar Email'));
    expect(await screen.findByText('Error al cambiar estado del módulo: Error interno del servidor')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Habilitar Email'));
    expect(await screen.findByText('Email deshabilitado correctamente')).toBeInTheDocument();
    expect(writes.at(-1)?.body).toEqual({ habilitado: false, configuracion: null, fecha_vencimiento: null });
  });

  it('filters by search and shows the empty state', async () => {
    mockModulos();
    const { user } = renderScreen();
    const buscar = await screen.findByLabelText('Buscar');
    await user.type(buscar, 'correo');
    expect(screen.getByText('Email')).toBeInTheDocument();
    expect(screen.queryByText('Caja')).not.toBeInTheDocument();
    await user.clear(buscar);
    await user.type(buscar, 'zzz');
    expect(screen.getByText('No se encontraron módulos')).toBeInTheDocument();
  });
});
