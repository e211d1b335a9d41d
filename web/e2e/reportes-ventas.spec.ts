import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, login, usuarioPropio, venderPorApi } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/reportes-ventas-${name}.png`, fullPage: true });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('el administrador genera el reporte de ventas del mes, ve sus indicadores y su gráfico, y descarga el Excel y el CSV', async ({ page, request }) => {
  const vendedor = await usuarioPropio(request, 'vendedor');
  const cliente = `Reporte ${Date.now().toString(36)}`;
  const pasaje = await venderPorApi(request, vendedor, cliente);
  const { timezone } = await apiGet<{ timezone: string }>(request, '/api/config/empresa', await authHeaders(request, 'admin'));
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());

  await login(page, 'admin');
  await menu(page).getByRole('link', { name: 'Reporte de Ventas' }).click();
  await expect(page).toHaveURL(/\/admin\/reportes\/ventas/);
  await page.getByText('Mes específico', { exact: true }).click(); // the segment's label: its radio is hidden
  await expect(page).toHaveURL(/periodo=mes/);
  const indicadores = page.getByRole('region', { name: 'Indicadores' });
  for (const kpi of ['Total Ventas', 'Ingresos Totales', 'Promedio por Venta', 'Mejor Día']) {
    await expect(indicadores.getByRole('group', { name: kpi })).toBeVisible();
  }
  await expect(indicadores.getByRole('group', { name: 'Mejor Día' })).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('figure', { name: 'Evolución de Ventas' }).locator('.recharts-line').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ventas detalladas' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/Mostrando 1 - \d+ de [\d.]+ registros/)).toBeVisible();
  await shot(page, 'mes');

  const exportar = page.getByRole('group', { name: 'Exportar' });
  const [excel] = await Promise.all([page.waitForEvent('download'), exportar.getByRole('button', { name: 'Excel', exact: true }).click()]);
  expect(excel.suggestedFilename()).toBe(`reporte-ventas-${hoy.slice(0, 7)}-${hoy}.xlsx`);
  expect((await readFile(await excel.path())).subarray(0, 2).toString()).toBe('PK');

  const [csv] = await Promise.all([page.waitForEvent('download'), exportar.getByRole('button', { name: 'CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`reporte-ventas-${hoy.slice(0, 7)}-${hoy}.csv`);
  const texto = await readFile(await csv.path(), 'utf8');
  expect(texto.startsWith('\uFEFFFecha de venta;Fecha de viaje;N° Pasaje;Cliente;Sección;Tipo de viaje;Medio de pago;Referencia;Vendedor;Precio;Estado\r\n')).toBe(true);
  const [, mes, dia] = hoy.split('-');
  expect(texto).toContain(`;"${pasaje.numero_pasaje}";"${cliente}";`);
  expect(texto).toContain(`${dia}/${mes}/${hoy.slice(0, 4)};`);
});

test('los Reportes Avanzados comparan con el período anterior y muestran los ingresos mensuales', async ({ page, request }) => {
  const vendedor = await usuarioPropio(request, 'vendedor');
  await venderPorApi(request, vendedor, 'Cliente Avanzado');
  await login(page, 'admin');
  await menu(page).getByRole('link', { name: 'Reportes Avanzados' }).click();
  const indicadores = page.getByRole('region', { name: 'Indicadores' });
  await expect(indicadores.getByRole('group', { name: 'Total Ventas' })).toContainText(/vs\. período anterior|Sin datos previos/);
  const mensual = page.getByRole('figure', { name: 'Ingresos mensuales' });
  await expect(mensual).toBeVisible();
  await mensual.getByText('12 meses', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ingresos por sección (últimos 12 meses)' })).toBeVisible();
  await shot(page, 'avanzados');
});

test('el super administrador compara las empresas en un período', async ({ page }) => {
  await login(page, 'superadmin');
  await menu(page).getByRole('link', { name: 'Reportes Multiempresa' }).click();
  await expect(page.getByRole('group', { name: 'Total de empresas' })).toBeVisible();
  await page.getByText('Año completo', { exact: true }).click();
  const tabla = page.getByRole('table', { name: 'Desempeño por empresa' });
  await expect(tabla.getByRole('row').filter({ hasText: 'Lanchas del Delta' })).toBeVisible();
  await expect(tabla.getByRole('row').last()).toContainText('Total');
  await shot(page, 'multiempresa');
});
