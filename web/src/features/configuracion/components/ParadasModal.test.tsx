import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { failOnce, mockCatalogo, mockParadas, SECCIONES_FIXTURE } from '@/testing/handlers/config';

const RUTA = [{ nombre: 'Tigre', minutos: 0 }, { nombre: 'Tres Bocas', minutos: 60 }];

async function abrirParadas() {
  signIn('admin');
  mockCatalogo('secciones', SECCIONES_FIXTURE);
  const writes = mockParadas(1, RUTA);
  const { user } = renderApp('/admin/configuracion/secciones');
  await user.click(await screen.findByRole('button', { name: 'Paradas de Tigre – Tres Bocas' }));
  const dialog = await screen.findByRole('dialog', { name: 'Paradas de Tigre – Tres Bocas' });
  await within(dialog).findByRole('textbox', { name: 'Nombre de la parada 1' });
  return { user, dialog, writes };
}

describe('the stops of a section', () => {
  it('lists the route in order with the minutes from the first, the first one fixed at 0', async () => {
    const { dialog } = await abrirParadas();
    expect(within(dialog).getByRole('textbox', { name: 'Nombre de la parada 1' })).toHaveValue('Tigre');
    expect(within(dialog).getByRole('textbox', { name: 'Nombre de la parada 2' })).toHaveValue('Tres Bocas');
    expect(within(dialog).getByRole('textbox', { name: 'Minutos de la parada 1 desde la primera' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Minutos de la parada 2 desde la primera' })).toHaveValue('60');
    // Two stops are the least a route has: neither can be removed.
    expect(within(dialog).getByRole('button', { name: 'Quitar Tigre' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Subir Tigre' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Bajar Tres Bocas' })).toBeDisabled();
  });

  it('adds a stop and saves the whole route in order', async () => {
    const { user, dialog, writes } = await abrirParadas();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar parada' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre de la parada 3' }), 'Paraná de las Palmas');
    await user.type(within(dialog).getByRole('textbox', { name: 'Minutos de la parada 3 desde la primera' }), '90');
    // Moving a stop moves its name; the minutes stay with the place in the route.
    await user.click(within(dialog).getByRole('button', { name: 'Subir Paraná de las Palmas' }));
    expect(within(dialog).getByRole('textbox', { name: 'Nombre de la parada 2' })).toHaveValue('Paraná de las Palmas');
    expect(within(dialog).getByRole('textbox', { name: 'Minutos de la parada 2 desde la primera' })).toHaveValue('60');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paradas de Tigre – Tres Bocas' })).not.toBeInTheDocument());
    expect(writes).toEqual([{
      method: 'PUT',
      path: '/api/config/secciones/1/paradas',
      body: { paradas: [{ nombre: 'Tigre', minutos: 0 }, { nombre: 'Paraná de las Palmas', minutos: 60 }, { nombre: 'Tres Bocas', minutos: 90 }] },
    }]);
    expect(await screen.findByText('Paradas actualizadas exitosamente')).toBeInTheDocument();
  });

  it('removes a stop once there are three', async () => {
    const { user, dialog, writes } = await abrirParadas();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar parada' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre de la parada 3' }), 'Paraná');
    await user.type(within(dialog).getByRole('textbox', { name: 'Minutos de la parada 3 desde la primera' }), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Quitar Tres Bocas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toEqual({ paradas: [{ nombre: 'Tigre', minutos: 0 }, { nombre: 'Paraná', minutos: 90 }] });
  });

  it('says what is missing before sending, and shows the server’s refusal in Spanish', async () => {
    const { user, dialog, writes } = await abrirParadas();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar parada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Falta el nombre de la parada 3');
    expect(writes).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre de la parada 3' }), 'tigre');
    await user.type(within(dialog).getByRole('textbox', { name: 'Minutos de la parada 3 desde la primera' }), '90');
    failOnce('put', '/config/secciones/1/paradas', 400, 'La parada «tigre» está repetida en el recorrido');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La parada «tigre» está repetida en el recorrido')).toBeInTheDocument();
    // The dialog stays open with the edits, to fix and save again.
    expect(within(dialog).getByRole('textbox', { name: 'Nombre de la parada 3' })).toHaveValue('tigre');
  });
});
