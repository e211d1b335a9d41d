import { expect, test, type APIRequestContext } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, login, usuarioPropio, venderPorApi, type Usuario } from './helpers';

/**
 * Closes the seller's register counting $ 500 less cash than it should hold: past the company's
 * tolerance ($ 0), a supervisor approves the close from their own session.
 */
async function cerrarConFaltante(request: APIRequestContext, usuario: Usuario) {
  const headers = await authHeaders(request, usuario);
  const { caja } = await apiGet<{ caja: { id: number; efectivo_esperado: number } }>(request, '/api/caja/estado', headers);
  const response = await request.post('/api/caja/cerrar', { headers, data: { monto_cierre: caja.efectivo_esperado - 500 } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const aprobacion = await request.post(`/api/caja/${caja.id}/aprobar`, { headers: await authHeaders(request, 'supervisor'), data: {} });
  expect(aprobacion.ok(), await aprobacion.text()).toBeTruthy();
}

test('el reporte de cajas muestra la caja que cerró con faltante, su reporte Z, lo imprime y lo exporta', async ({ page, request }) => {
  test.setTimeout(120_000);
  const vendedor = await usuarioPropio(request, 'vendedor');
  await venderPorApi(request, vendedor, 'Cliente del Reporte Z');
  await cerrarConFaltante(request, vendedor);

  await login(page, 'admin');
  await page.goto('/admin/reportes/cajas');
  await expect(page.getByRole('heading', { name: 'Reporte de Cajas' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Cajas Cerradas' })).not.toContainText('—');
  const fila = page.getByRole('row', { name: new RegExp(vendedor.nombre) });
  await expect(fila).toContainText('-$ 500,00 (faltante)');
  await expect(fila).toContainText('Cerrada');
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/reportes-cajas.png`, fullPage: true });

  await fila.getByRole('button', { name: /Ver reporte de la caja/ }).click();
  const modal = page.getByRole('dialog', { name: /Reporte Z N° \d+/ });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Caja con faltante')).toBeVisible();
  await expect(modal.getByRole('row', { name: /Totales/ })).toContainText('-$ 500,00');
  const [ventana] = await Promise.all([page.waitForEvent('popup'), modal.getByRole('button', { name: 'Imprimir A4' }).click()]);
  await expect.poll(() => ventana.url()).toMatch(/^blob:/);
  await ventana.close();
  await page.keyboard.press('Escape');

  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel' }).click()]);
  expect(descarga.suggestedFilename()).toMatch(/^reporte-cajas-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
});
