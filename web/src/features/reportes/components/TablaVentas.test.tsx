import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeVentaDetallada } from '@/testing/handlers/reportes';
import { renderWithProviders } from '@/testing/render';
import { TablaVentas } from './TablaVentas';

describe('TablaVentas', () => {
  it('shows a card payment with its reference under the method, for reconciliation', () => {
    renderWithProviders(<TablaVentas completa ventas={[
      makeVentaDetallada(1, { medio_pago_nombre: 'Débito', referencia: { ultimos4: '4242', autorizacion: 'A1B2C3' } }),
      makeVentaDetallada(2),
    ]} />);
    const filas = within(screen.getByRole('table', { name: 'Ventas detalladas' })).getAllByRole('row');
    expect(filas[1]).toHaveTextContent(/Débito\s*•••• 4242 · Aut\. A1B2C3/);
    expect(filas[2]).not.toHaveTextContent('••••');
  });
});
