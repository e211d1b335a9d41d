import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { failOnce, mockConfiguracion, type Write } from '@/testing/handlers/config';

const cell = (seccion: string, tipo: string) => screen.getByRole('textbox', { name: `Precio ${seccion}, ${tipo}` });

async function renderMatrix() {
  const writes = mockConfiguracion();
  signIn('admin');
  const view = renderApp('/admin/configuracion/precios');
  await screen.findByRole('table', { name: 'Tarifas por sección y tipo de viaje' });
  return { ...view, writes };
}

describe('price matrix', () => {
  it('asks before leaving with unsaved prices, and stays when told to', async () => {
    const { user } = await renderMatrix();
    await user.clear(cell('Tigre – Tres Bocas', 'General'));
    await user.type(cell('Tigre – Tres Bocas', 'General'), '5200');
    await user.click(screen.getAllByRole('link', { name: 'Secciones' })[0]);
    const aviso = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await user.click(within(aviso).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/configuracion/precios');
    expect(cell('Tigre – Tres Bocas', 'General')).toHaveValue('5200');

    await user.click(screen.getAllByRole('link', { name: 'Secciones' })[0]);
    await user.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/configuracion/secciones');
  });

  it('shows sections by trip types with the saved prices, Sin precio and the inactive entries marked', async () => {
    await renderMatrix();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Sección', 'General', 'JubiladoInactivo']);
    expect(within(table).getByRole('rowheader', { name: 'Tigre – Río Capitán Inactivo' })).toBeInTheDocument();

    expect(cell('Tigre – Tres Bocas', 'General')).toHaveValue('4.500,00');
    expect(cell('Tigre – Tres Bocas', 'Jubilado')).toHaveValue('2.250,50');
    expect(cell('Tigre – Río Capitán', 'Jubilado')).toHaveValue('');
    expect(cell('Tigre – Río Capitán', 'Jubilado')).toHaveAttribute('placeholder', 'Sin precio');
    expect(screen.getByRole('button', { name: 'Guardar precios' })).toBeDisabled();
  });

  it('sends only the changed cells in one call and says what the server said', async () => {
    const { user, writes } = await renderMatrix();
    await user.clear(cell('Tigre – Tres Bocas', 'General'));
    await user.type(cell('Tigre – Tres Bocas', 'General'), '5200');
    await user.type(cell('Tigre – Río Capitán', 'Jubilado'), '3900,5');
    // Typing a price back to its saved value is no change.
    await user.clear(cell('Tigre – Río Capitán', 'General'));
    await user.type(cell('Tigre – Río Capitán', 'General'), '7800');
    expect(screen.getByText('2 cambios sin guardar')).toBeInTheDocument();
    expect(screen.getByText('Antes: sin precio')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar precios' }));

    expect(await screen.findByText('Precios actualizados exitosamente')).toBeInTheDocument();
    expect(writes).toEqual<Write[]>([{
      method: 'PUT',
      path: '/api/config/precios',
      body: { precios: [
        { seccion_id: 1, tipo_viaje_id: 1, precio: 5200 },
        { seccion_id: 2, tipo_viaje_id: 2, precio: 3900.5 },
      ] },
    }]);
    expect(screen.getByText('Sin cambios')).toBeInTheDocument();
  });

  it('reads a decimal point the Argentine way, shows the amount to save and refuses an ambiguous one', async () => {
    const { user, writes } = await renderMatrix();
    await user.type(cell('Tigre – Río Capitán', 'Jubilado'), '4500.50');
    expect(screen.getByText('Se guardará: $ 4.500,50')).toBeInTheDocument();
    await user.clear(cell('Tigre – Tres Bocas', 'General'));
    await user.type(cell('Tigre – Tres Bocas', 'General'), '1.5000');
    expect(screen.getByText(/Monto ambiguo/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar precios' })).toBeDisabled();
    await user.clear(cell('Tigre – Tres Bocas', 'General'));
    await user.type(cell('Tigre – Tres Bocas', 'General'), '1.500');
    await user.click(screen.getByRole('button', { name: 'Guardar precios' }));
    expect(await screen.findByText('Precios actualizados exitosamente')).toBeInTheDocument();
    expect(writes[0].body).toEqual({ precios: [
      { seccion_id: 1, tipo_viaje_id: 1, precio: 1500 },
      { seccion_id: 2, tipo_viaje_id: 2, precio: 4500.5 },
    ] });
  });

  it('moves across the cells with Tab', async () => {
    const { user } = await renderMatrix();
    await user.click(cell('Tigre – Tres Bocas', 'General'));
    await user.tab();
    expect(cell('Tigre – Tres Bocas', 'Jubilado')).toHaveFocus();
    await user.tab();
    expect(cell('Tigre – Río Capitán', 'General')).toHaveFocus();
  });

  it('discards the changes', async () => {
    const { user, writes } = await renderMatrix();
    await user.type(cell('Tigre – Río Capitán', 'Jubilado'), '100');
    await user.click(screen.getByRole('button', { name: 'Descartar cambios' }));
    expect(cell('Tigre – Río Capitán', 'Jubilado')).toHaveValue('');
    expect(screen.getByText('Sin cambios')).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('does not let a saved price be emptied', async () => {
    const { user } = await renderMatrix();
    await user.clear(cell('Tigre – Tres Bocas', 'General'));
    expect(screen.getByText('Ingresa un precio válido')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Un precio ya configurado no se puede dejar vacío');
    expect(screen.getByRole('button', { name: 'Guardar precios' })).toBeDisabled();
  });

  it("shows the server's message when saving fails and keeps the changes", async () => {
    const { user } = await renderMatrix();
    failOnce('put', '/config/precios', 404, 'Sección no encontrada');
    await user.type(cell('Tigre – Río Capitán', 'Jubilado'), '100');
    await user.click(screen.getByRole('button', { name: 'Guardar precios' }));
    expect(await screen.findByText('Sección no encontrada')).toBeInTheDocument();
    expect(screen.getByText('1 cambio sin guardar')).toBeInTheDocument();
  });
});
