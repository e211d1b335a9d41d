import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VentaInput } from '@/api/pasajes';
import type { BeneficioCliente } from '@/api/puntos';
import { makePasaje } from '@/testing/fixtures';
import { estadoCaja, makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { mockClientes } from '@/testing/handlers/clientes';
import { catalogHandlers } from '@/testing/handlers/config';
import { makeBeneficio, puntosHandlers } from '@/testing/handlers/puntos';
import { renderWithProviders } from '@/testing/render';
import { ok, server } from '@/testing/server';
import { VentaPasajesPage } from '@/features/venta/routes/VentaPasajesPage';
import { descuentoEstimado } from './BeneficioVenta';

const DIEZ: BeneficioCliente = { ...makeBeneficio(), alcanza: true, motivo: '' };
const GRATIS: BeneficioCliente = { ...makeBeneficio({ id: 2, nombre: 'Viaje gratis', tipo: 'pasaje_gratis', valor: 0, puntos_requeridos: 9000 }),
  alcanza: false, motivo: 'Puntos insuficientes: tiene 2.450 de 9.000' };

/** Records POST /pasajes/lote and answers what the server charged: 10 % off one General ticket of $ 4.500. */
function trackLote() {
  const calls: VentaInput[] = [];
  server.use(http.post('/api/pasajes/lote', async ({ request }) => {
    calls.push((await request.json()) as VentaInput);
    return ok({ pasajes: [makePasaje({ id: 100, precio: 4050, estado: 'activo' })], total: 4050 }, { status: 201 });
  }));
  return calls;
}

describe('BeneficioVenta', () => {
  beforeEach(() => {
    signInVendedor();
    mockClientes();
    server.use(...catalogHandlers, estadoCaja(makeCaja()), ...puntosHandlers({ beneficiosCliente: { 1: [DIEZ, GRATIS] } }).handlers);
  });

  it("offers a known customer's benefits, sends the chosen one and shows the total the server charged", async () => {
    const calls = trackLote();
    const { user } = renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
    await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
    await user.keyboard('{Enter}1');
    await user.type(screen.getByLabelText('Documento (opcional)'), '30111222');
    const diez = await screen.findByRole('radio', { name: /10% de descuento \(500 puntos\)/ });
    const gratis = screen.getByRole('radio', { name: /Viaje gratis/ });
    expect(gratis).toBeDisabled();
    expect(screen.getByText('Puntos insuficientes: tiene 2.450 de 9.000')).toBeInTheDocument();
    await user.click(diez);
    expect(screen.getByText('Descuento estimado: $ 450,00. Total estimado: $ 4.050,00.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Crear Pasajes? —/ }));
    const dialogo = await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(within(dialogo).getByText('Se creó 1 pasaje por $ 4.050,00.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ cliente_documento: '30111222', beneficio_id: 1 });
  });

  it('sends no benefit when the document changes after choosing one, and offers none to an unknown document', async () => {
    const calls = trackLote();
    const { user } = renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
    await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
    await user.keyboard('{Enter}1');
    const documento = screen.getByLabelText('Documento (opcional)');
    await user.type(documento, '30111222');
    await user.click(await screen.findByRole('radio', { name: /10% de descuento/ }));
    await user.clear(documento);
    await user.type(documento, '40111222');
    await waitFor(() => expect(screen.queryByRole('radio', { name: /10% de descuento/ })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /^Crear Pasajes? —/ }));
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[0].beneficio_id).toBeUndefined();
  });

  it('estimates each kind of discount as the server computes it', () => {
    const lineas = [
      { tipo: { id: 1, nombre: 'General', descripcion: '', activo: true }, precio: 4500, texto: '2', error: null, cantidad: 2, subtotal: 9000 },
      { tipo: { id: 2, nombre: 'Jubilado', descripcion: '', activo: true }, precio: 2250.55, texto: '1', error: null, cantidad: 1, subtotal: 2250.55 },
    ];
    expect(descuentoEstimado({ tipo: 'descuento_porcentaje', valor: 15 }, lineas)).toBe(675 + 675 + 337.58);
    expect(descuentoEstimado({ tipo: 'descuento_fijo', valor: 20000 }, lineas)).toBe(11250.55);
    expect(descuentoEstimado({ tipo: 'pasaje_gratis', valor: 0 }, lineas)).toBe(4500);
    expect(descuentoEstimado({ tipo: 'puntos_extra', valor: 300 }, lineas)).toBe(0);
  });
});
