import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, login } from './helpers';

const SECCION = 'Tigre – Arroyo Espera';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/configuracion-${name}.png` });

// Sections, prices and trip types are the company's: the sale screens of the other tests would see them (@empresa).
test('admin crea, edita, pone tarifa y elimina una sección', { tag: '@empresa' }, async ({ page }) => {
  test.slow(); // four screens and two widths: longer than the default on a busy machine
  await login(page, 'admin');
  await page.goto('/admin/configuracion/secciones');
  await expect(page.getByRole('heading', { name: 'Secciones' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Secciones' }).getByText('Tigre – Tres Bocas')).toBeVisible();
  await shot(page, 'secciones');

  // Create: the name is required.
  await page.getByRole('button', { name: 'Nueva sección' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva sección' });
  await form.getByRole('button', { name: 'Guardar' }).click();
  // Nombre and Capacidad are both required: the first message is Nombre's.
  await expect(form.getByText('Este campo es obligatorio').first()).toBeVisible();
  await form.getByRole('textbox', { name: /^Nombre/ }).fill(SECCION);
  await form.getByLabel('Descripción').fill('Arroyo Espera, recreos y muelles particulares');
  await form.getByLabel('Capacidad (personas)').fill('35');
  await shot(page, 'nueva-seccion');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Sección creada exitosamente')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: SECCION });
  await expect(row).toContainText('35 personas');
  await expect(row).toContainText('Activo');

  // Edit.
  await page.getByRole('button', { name: `Editar ${SECCION}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar sección' });
  await expect(edit.getByRole('textbox', { name: /^Nombre/ })).toHaveValue(SECCION);
  await edit.getByLabel('Capacidad (personas)').fill('40');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Sección actualizada exitosamente')).toBeVisible();
  await expect(row).toContainText('40 personas');

  // Its General price, in the Tarifas tab of Configuración del Sistema.
  await page.goto('/admin/configuracion');
  await page.getByRole('tab', { name: 'Tarifas' }).click();
  await expect(page).toHaveURL(/\?tab=precios$/);
  const precio = page.getByRole('textbox', { name: `Precio ${SECCION}, General` });
  await expect(precio).toHaveAttribute('placeholder', 'Sin precio');
  await expect(precio).toHaveValue('');
  await precio.fill('5200');
  await precio.press('Tab');
  await expect(page.getByText('1 cambio sin guardar')).toBeVisible();
  await shot(page, 'tarifas-cambio');
  await page.getByRole('button', { name: 'Guardar precios' }).click();
  await expect(page.getByText('Precios actualizados exitosamente')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Tarifas' })).toHaveAttribute('aria-selected', 'true');
  await expect(precio).toHaveValue('5.200,00');
  await shot(page, 'tarifas');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'tarifas-390');
  await page.goto('/admin/configuracion/secciones');
  await expect(row).toBeVisible();
  await shot(page, 'secciones-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Delete, after a confirmation.
  await page.getByRole('button', { name: `Eliminar ${SECCION}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar sección' });
  await expect(confirm).toContainText('Esta acción no se puede deshacer.');
  await shot(page, 'eliminar');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Sección eliminada exitosamente')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('un vendedor ve Acceso Denegado en la configuración', async ({ page }) => {
  await login(page, 'vendedor');
  await page.goto('/admin/configuracion');
  await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await shot(page, 'acceso-denegado');
});

test('con seis tipos de viaje la columna de secciones tapa la columna General al desplazar la tabla', { tag: '@empresa' }, async ({ page, request }) => {
  const headers = await authHeaders(request, 'admin');
  const existentes = await apiGet<{ nombre: string }[]>(request, '/api/config/tipos-viaje', headers);
  for (let i = existentes.length; i < 6; i++) {
    const creado = await request.post('/api/config/tipos-viaje', { headers, data: { nombre: `Tipo columna ${i + 1}` } });
    expect(creado.status()).toBe(201);
  }
  await page.setViewportSize({ width: 1024, height: 720 });
  await login(page, 'admin');
  await page.goto('/admin/configuracion?tab=precios');
  const tabla = page.getByRole('table', { name: 'Tarifas por sección y tipo de viaje' });
  const seccion = tabla.getByRole('rowheader').first();
  await expect(seccion).toBeVisible();
  const nombre = (await seccion.innerText()).trim();
  const general = tabla.getByRole('textbox', { name: `Precio ${nombre}, General` });
  await expect(general).toBeVisible();

  // Scroll the table's own box sideways until the General column passes under the section column.
  await tabla.evaluate((t) => { if (t.parentElement) t.parentElement.scrollLeft = 200; });
  const caja = await seccion.boundingBox();
  expect(caja).not.toBeNull();
  const punto = { x: caja!.x + caja!.width - 4, y: caja!.y + caja!.height / 2 };
  // What the user sees at the section cell's right edge: the cell itself, not the General price under it.
  const encima = await tabla.evaluate((t, { x, y }) => {
    const el = t.ownerDocument.elementFromPoint(x, y);
    return el?.closest('th')?.textContent ?? el?.tagName ?? '';
  }, punto);
  expect(encima).toContain(nombre);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/configuracion-tarifas-columna-fija.png` });
});
