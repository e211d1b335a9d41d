import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { makeBeneficio, puntosHandlers } from '@/testing/handlers/puntos';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { GestionBeneficiosPage } from './GestionBeneficiosPage';

afterEach(() => vi.useRealTimers());

describe('GestionBeneficiosPage', () => {
  it('lists the benefits and toggles one inline; the status message clears after 3 s', async () => {
    signIn('admin');
    const mock = puntosHandlers({ beneficios: [makeBeneficio({ maximo_usos: 50, usos: 3, fecha_inicio: '2026-12-01', fecha_fin: '2027-01-31' })] });
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<GestionBeneficiosPage />);
    const fila = (await screen.findByText('10% de descuento')).closest('tr')!;
    expect(within(fila).getByText('Descuento porcentual')).toBeInTheDocument();
    expect(within(fila).getByText('10 % de descuento')).toBeInTheDocument();
    expect(within(fila).getByText('3 de 50')).toBeInTheDocument();
    expect(within(fila).getByText('01/12/2026 al 31/01/2027')).toBeInTheDocument();
    // a phone reads the kind, uses and dates under the name (their columns are hidden there)
    expect(within(fila).getByText('Descuento porcentual · 3 de 50 · 01/12/2026 al 31/01/2027')).toBeInTheDocument();
    const activo = within(fila).getByRole('switch', { name: 'Activo: 10% de descuento' });
    expect(activo).toBeChecked();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(activo);
    expect(await screen.findByRole('status')).toHaveTextContent('Beneficio actualizado exitosamente');
    expect(mock.escrituras[0]).toMatchObject({ method: 'PUT', path: '/api/puntos/beneficios/1', body: { activo: false } });
    await waitFor(() => expect(within(fila).getByRole('switch')).not.toBeChecked());
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('creates a benefit with its limits and dates dd/mm/aaaa; the modal closes 1.5 s after saving', async () => {
    signIn('admin');
    const mock = puntosHandlers({ beneficios: [] });
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<GestionBeneficiosPage />);
    expect(await screen.findByText('No hay beneficios')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuevo beneficio' }));
    const modal = await screen.findByRole('dialog', { name: 'Nuevo beneficio' });
    expect(within(modal).queryByLabelText('Activo')).not.toBeInTheDocument();
    expect(within(modal).getByLabelText(/Puntos requeridos/)).toHaveValue('100');
    await user.click(within(modal).getByRole('button', { name: 'Crear beneficio' }));
    expect(await within(modal).findByText('Este campo es obligatorio')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText(/Nombre/), 'Pasaje de regalo');
    await user.click(within(modal).getByRole('combobox', { name: /Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Descuento fijo', hidden: true }));
    const valor = within(modal).getByLabelText(/Valor \(\$\)/);
    await user.clear(valor);
    await user.type(valor, '1500,5');
    await user.type(within(modal).getByLabelText(/Máximo de usos/), '0');
    await user.type(within(modal).getByLabelText(/Vigencia \(días\)/), '30');
    await user.type(within(modal).getByLabelText('Fecha de inicio'), '01/12/2026');
    await user.type(within(modal).getByLabelText('Fecha de fin'), '31/12/2026');
    await user.click(within(modal).getByRole('button', { name: 'Crear beneficio' }));
    expect(await within(modal).findByText('Debe ser 1 o más')).toBeInTheDocument();
    const maximo = within(modal).getByLabelText(/Máximo de usos/);
    await user.clear(maximo);
    await user.type(maximo, '20');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(modal).getByRole('button', { name: 'Crear beneficio' }));
    expect(await within(modal).findByText('Beneficio creado exitosamente')).toBeInTheDocument();
    expect(mock.escrituras[0]).toMatchObject({
      method: 'POST', path: '/api/puntos/beneficios',
      body: { nombre: 'Pasaje de regalo', tipo: 'descuento_fijo', valor: 1500.5, puntos_requeridos: 100, maximo_usos: 20, vigencia_dias: 30,
        fecha_inicio: '2026-12-01', fecha_fin: '2026-12-31', activo: true },
    });
    expect(mock.escrituras[0].key).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Nuevo beneficio' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const fila = (await screen.findByText('Pasaje de regalo')).closest('tr')!;
    expect(within(fila).getByText('$ 1.500,50 de descuento')).toBeInTheDocument();
  });

  it('shows a benefit read-only and edits another', async () => {
    signIn('admin');
    const mock = puntosHandlers({ beneficios: [makeBeneficio(), makeBeneficio({ id: 2, nombre: 'Viaje gratis', tipo: 'pasaje_gratis', valor: 0 })] });
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<GestionBeneficiosPage />);
    await user.click(await screen.findByRole('button', { name: 'Ver 10% de descuento' }));
    let modal = await screen.findByRole('dialog', { name: 'Detalle del beneficio' });
    expect(within(modal).getByLabelText(/Nombre/)).toHaveAttribute('readonly');
    expect(within(modal).getByLabelText('Activo')).toBeDisabled();
    expect(within(modal).queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    await user.click(within(modal).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Editar Viaje gratis' }));
    modal = await screen.findByRole('dialog', { name: 'Editar beneficio' });
    const puntos = within(modal).getByLabelText(/Puntos requeridos/);
    await user.clear(puntos);
    await user.type(puntos, '800');
    await user.click(within(modal).getByLabelText('Activo'));
    await user.click(within(modal).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(modal).findByText('Beneficio actualizado exitosamente')).toBeInTheDocument();
    expect(mock.escrituras[0]).toMatchObject({
      method: 'PUT', path: '/api/puntos/beneficios/2', body: { nombre: 'Viaje gratis', tipo: 'pasaje_gratis', puntos_requeridos: 800, activo: false },
    });
  });

  it('deletes a benefit never redeemed and deactivates one already redeemed, after confirming', async () => {
    signIn('admin');
    const mock = puntosHandlers({ beneficios: [makeBeneficio(), makeBeneficio({ id: 2, nombre: 'Viaje gratis', tipo: 'pasaje_gratis', usos: 4 })] });
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<GestionBeneficiosPage />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar 10% de descuento' }));
    const confirmar = await screen.findByRole('dialog', { name: 'Eliminar beneficio' });
    await user.click(within(confirmar).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Beneficio eliminado exitosamente');
    await waitFor(() => expect(screen.queryByText('10% de descuento')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Eliminar Viaje gratis' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Eliminar beneficio' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('El beneficio ya se canjeó: se desactivó en lugar de eliminarse')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Activo: Viaje gratis' })).not.toBeChecked());
    expect(mock.escrituras.map((e) => `${e.method} ${e.path}`)).toEqual(['DELETE /api/puntos/beneficios/1', 'DELETE /api/puntos/beneficios/2']);
  });
});
