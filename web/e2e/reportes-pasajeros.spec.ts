import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, login, usuarioPropio } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/reportes-pasajeros-${name}.png`, fullPage: true });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('el supervisor ve quién viajó hoy, sus rutas, y descarga el reporte de pasajeros', async ({ page, request }) => {
  // three sales, the report and four downloads (CSV, Excel, PDF, print) on a busy machine
  test.setTimeout(120_000);
  // Un vendedor propio vende tres pasajes a un pasajero con documento.
  const vendedor = await usuarioPropio(request, 'vendedor');
  const headers = await authHeaders(request, vendedor);
  expect((await request.post('/api/caja/abrir', { headers, data: { monto_apertura: 0 } })).status()).toBe(201);
  const [seccion] = await apiGet<{ id: number; nombre: string }[]>(request, '/api/config/secciones?activos=true', headers);
  const [tipo] = await apiGet<{ id: number }[]>(request, '/api/config/tipos-viaje?activos=true', headers);
  const [medio] = await apiGet<{ id: number }[]>(request, '/api/config/medios-pago?activos=true', headers);
  const { timezone } = await apiGet<{ timezone: string }>(request, '/api/config/empresa', headers);
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
  const documento = String(Date.now()).slice(-9);
  const nombre = `Frecuente ${documento}`;
  const venta = await request.post('/api/pasajes/lote', { headers, data: {
    seccion_id: seccion.id, fecha_viaje: hoy, medio_pago_id: medio.id, cliente_nombre: nombre, cliente_documento: documento,
    cliente_telefono: '11 4000-5678', lineas: [{ tipo_viaje_id: tipo.id, cantidad: 3 }],
  } });
  expect(venta.status(), await venta.text()).toBe(201);

  const supervisor = await usuarioPropio(request, 'supervisor');
  await login(page, supervisor);
  await menu(page).getByRole('link', { name: 'Reporte de Pasajeros' }).click();
  await expect(page).toHaveURL(/\/admin\/reportes\/pasajeros/);
  await expect(page.getByRole('heading', { name: 'Reporte de Pasajeros' })).toBeVisible();
  for (const kpi of ['Total Pasajeros', 'Total Viajes', 'Promedio Viajes/Cliente', 'Clientes Nuevos']) {
    await expect(page.getByRole('group', { name: kpi })).toBeVisible();
  }
  const top = page.getByRole('list', { name: 'Pasajeros Frecuentes (Top 10)' });
  await expect(top.getByRole('listitem').filter({ hasText: nombre })).toContainText('3 viajes');
  await expect(page.getByRole('table', { name: 'Rutas Populares' })).toContainText(seccion.nombre);
  // The pie's tooltip: trips, passengers and income of the route (other tests of the run sell on the same
  // routes today, so the figures are the route's, not only this passenger's).
  const grafico = page.getByTestId('grafico-rutas');
  await grafico.locator('.recharts-pie-sector').first().hover();
  await expect(grafico.getByText(/^Viajes: [\d.]+$/)).toBeVisible();
  await expect(grafico.getByText(/^Pasajeros: [\d.]+$/)).toBeVisible();
  await expect(grafico.getByText(/^Ingresos: \$\s[\d.]+,\d{2}$/)).toBeVisible();
  const detalle = page.getByRole('table', { name: 'Detalle de Pasajeros' });
  await expect(detalle.getByRole('row').filter({ hasText: nombre })).toContainText(documento);
  await shot(page, 'escritorio');
  // No critical or serious accessibility violation on the report.
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`)).toEqual([]);

  // The supervisor's live toasts of other tests' sales may lie over the export buttons: the click goes to the button itself.
  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).dispatchEvent('click')]);
  expect(descarga.suggestedFilename()).toBe(`reporte-pasajeros-${hoy}-${hoy}.csv`);
  const csv = await readFile(await descarga.path(), 'utf8');
  expect(csv.startsWith('\uFEFFNombre;Documento;Teléfono;Email;Total Viajes;Total Gastado;Último Viaje\r\n')).toBe(true);
  expect(csv).toContain(`"${nombre}";"${documento}";"11 4000-5678";"";3;`);

  const [excel] = await Promise.all([page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel', exact: true }).dispatchEvent('click')]);
  expect(excel.suggestedFilename()).toBe(`reporte-pasajeros-${hoy}-${hoy}.xlsx`);

  // En un teléfono la leyenda de rutas se lee como tabla.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'Rutas Populares' })).toBeVisible();
  await shot(page, 'telefono');
});
