import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { mockClientes } from '@/testing/handlers/clientes';
import type { Write } from '@/testing/handlers/config';
import { MSG_CUIT_REQUERIDO } from '@/features/clientes/components/ClienteFormModal';

function renderScreen(rol = 'admin') {
  signIn(rol);
  return renderApp('/admin/clientes');
}

describe('customers screen', () => {
  it('lists the customers and searches on the server, whatever the accents', async () => {
    mockClientes();
    const { user } = renderScreen();
    const table = await screen.findByRole('table', { name: 'Clientes' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Inactivo')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Buscar'), 'gomez');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Clientes' })).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('Juan Gómez')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Buscar'));
    await user.type(screen.getByLabelText('Buscar'), 'nadie');
    expect(await screen.findByText('Ningún cliente coincide con la búsqueda')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockClientes([]);
    renderScreen();
    expect(await screen.findByText('No hay clientes registrados')).toBeInTheDocument();
  });

  it('creates a customer with the trimmed fields', async () => {
    const writes: Write[] = [];
    mockClientes(undefined, writes);
    const { user } = renderScreen('supervisor');
    await user.click(await screen.findByRole('button', { name: 'Nuevo cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cliente' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getAllByText('Este campo es obligatorio')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText(/Nombre/), ' Marta ');
    await user.type(within(dialog).getByLabelText(/Documento/), '40111222');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cliente creado correctamente')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', path: '/api/config/clientes', body: expect.objectContaining({ nombre: 'Marta', documento: '40111222', activo: true }) }]);
  });

  it("saves a registered customer's IVA condition with its CUIT, asking for the CUIT first", async () => {
    const writes: Write[] = [];
    mockClientes(undefined, writes);
    const { user } = renderScreen('supervisor');
    await user.click(await screen.findByRole('button', { name: 'Nuevo cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cliente' });
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Delta SRL');
    await user.type(within(dialog).getByLabelText(/Documento/), '30712345671');
    expect(within(dialog).getByRole('combobox', { name: 'Condición frente al IVA' })).toHaveValue('Consumidor final');
    await user.click(within(dialog).getByRole('combobox', { name: 'Condición frente al IVA' }));
    await user.click(await screen.findByRole('option', { name: 'Responsable inscripto', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(MSG_CUIT_REQUERIDO)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/CUIT/), '20-12345678-6');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cliente creado correctamente')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', path: '/api/config/clientes',
      body: expect.objectContaining({ nombre: 'Delta SRL', condicion_iva: 'responsable_inscripto', cuit: '20-12345678-6' }) }]);
  });

  it('deletes after confirming and says when the customer was deactivated', async () => {
    const writes: Write[] = [];
    mockClientes(undefined, writes);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Juan Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar cliente' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('El cliente tiene pasajes: se desactivó en lugar de eliminarse')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'DELETE', path: '/api/config/clientes/1', body: undefined }]);
  });

  it('shows a customer\'s tickets in the detail', async () => {
    mockClientes();
    const { user } = renderScreen('vendedor');
    await user.click(await screen.findByRole('button', { name: 'Ver Juan Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle del cliente' });
    expect(await within(dialog).findByText('LD-20261122-000041')).toBeInTheDocument();
  });

  it('hands over a portal code shown big with its expiry, and resets the portal access after confirming', async () => {
    const writes: Write[] = [];
    mockClientes(undefined, writes);
    const { user } = renderScreen('supervisor');
    await user.click(await screen.findByRole('button', { name: 'Ver Juan Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle del cliente' });
    expect(within(dialog).getByText('Email: juan@correo.com (sin confirmar)')).toBeInTheDocument();
    expect(within(dialog).getByText('Teléfono: 11 5555-0101')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Código para el portal' }));
    const codigo = await within(dialog).findByLabelText('Código 482913');
    expect(codigo).toHaveTextContent('482913');
    expect(within(dialog).getByText(/Vence en 15 minutos/)).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', path: '/api/config/clientes/1/codigo-portal', body: undefined }]);

    await user.click(within(dialog).getByRole('button', { name: 'Restablecer acceso al portal' }));
    const confirmar = await screen.findByRole('dialog', { name: 'Restablecer acceso al portal' });
    expect(within(confirmar).getByText('¿Restablecer el acceso al portal de «Juan Gómez»?')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    await user.click(within(confirmar).getByRole('button', { name: 'Restablecer' }));
    expect(await screen.findByText('Acceso al portal restablecido: el cliente deberá crear una contraseña nueva')).toBeInTheDocument();
    expect(writes[1]).toEqual({ method: 'POST', path: '/api/config/clientes/1/restablecer-portal', body: undefined });
    expect(screen.queryByLabelText('Código 482913')).toBeNull();
  });

  it('offers no portal access to a role that does not edit customers', async () => {
    mockClientes();
    const { user } = renderScreen('vendedor');
    await user.click(await screen.findByRole('button', { name: 'Ver Juan Gómez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle del cliente' });
    expect(await within(dialog).findByText('LD-20261122-000041')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Código para el portal' })).toBeNull();
  });

  it('disables the writes of a vendedor with the no-permission tooltip', async () => {
    mockClientes();
    const { user } = renderScreen('vendedor');
    const nuevo = await screen.findByRole('button', { name: 'Nuevo cliente' });
    expect(nuevo).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Editar Juan Gómez' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Eliminar Juan Gómez' })).toBeDisabled();
    await user.hover(nuevo.parentElement as HTMLElement);
    expect(await screen.findByText('No tiene permisos para realizar esta acción')).toBeInTheDocument();
  });
});
