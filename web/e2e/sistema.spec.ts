import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { login } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/sistema-${name}.png` });

// The system's name is the installation's, and the audit is counted (@empresa).
test('el super administrador cambia el nombre del sistema, revisa los servicios y filtra la auditoría', { tag: '@empresa' }, async ({ page }) => {
  test.slow(); // three screens and a reload in one flow
  await login(page, 'superadmin');

  // System configuration: the name is saved and stays after a reload.
  await page.goto('/admin/configuracion/sistema');
  await expect(page.getByRole('heading', { name: 'Configuración del Sistema' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Motor' })).toContainText('sqlite');
  await expect(page.getByRole('group', { name: 'Rondas de bcrypt' })).toContainText('4');
  const nombre = page.getByRole('textbox', { name: /Nombre del Sistema/ });
  await expect(nombre).toHaveValue('Muelle');
  await nombre.fill('Terminal Fluvial Tigre');
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('Configuración actualizada correctamente')).toBeVisible();
  await shot(page, 'configuracion');
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Nombre del Sistema/ })).toHaveValue('Terminal Fluvial Tigre');

  // Service status: the database answered a query; e-mail is not configured.
  await page.goto('/admin/reportes/servicios');
  const bd = page.getByRole('region', { name: 'Base de Datos' });
  await expect(bd.getByText('Conectado')).toBeVisible();
  await expect(bd.getByText(/Latencia: (\d+,\d|menos de 0,1) ms/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email' }).getByText('Sin configurar')).toBeVisible();
  await shot(page, 'servicios');

  // Audit: the change just made is there; filtering by its action leaves only it.
  await page.goto('/admin/logs');
  await expect(page).toHaveURL(/\/admin\/reportes\/auditoria$/);
  await expect(page.getByRole('heading', { name: 'Reportes de Auditoría' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Inicios de sesión' })).not.toContainText('—');
  await page.getByRole('combobox', { name: 'Acción' }).click();
  await page.getByRole('option', { name: 'CONFIGURACION_SISTEMA' }).click();
  const filas = page.getByRole('row').filter({ hasText: 'CONFIGURACION_SISTEMA' });
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText('superadmin');
  await expect(filas.first()).toContainText('Terminal Fluvial Tigre');
  await expect(page.getByText(/Página 1 de 1 · 1 registros/)).toBeVisible();
  await shot(page, 'auditoria');

  // The filter's dates are typed dd/mm/aaaa; a day that does not exist says so instead of vanishing.
  const desde = page.getByLabel('Fecha del registro desde');
  await desde.fill('31/02/2026');
  await desde.blur();
  await expect(page.getByText('La fecha 31/02/2026 no existe')).toBeVisible();
  await expect(filas).toHaveCount(1);
});
