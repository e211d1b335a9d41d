import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { login } from './helpers';

const EMPRESA = 'Lanchas del Río Luján';
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/empresas-${name}.png` });

// A new company changes what the installation-wide screens count (@empresa).
test('el super admin crea una empresa y su admin entra, sube el logo y lo ve en el encabezado', { tag: '@empresa' }, async ({ page, browser }) => {
  await login(page, 'superadmin');
  await page.goto('/admin/empresas');
  await expect(page.getByRole('heading', { name: 'Gestión de Empresas' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva empresa' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva empresa' });
  await form.getByLabel('Nombre').fill(EMPRESA);
  await form.getByLabel('RUC').fill('33-69345023-8');
  await form.getByLabel('Usuario administrador').fill('admin_lujan');
  await form.getByRole('button', { name: 'Crear empresa' }).click();
  await expect(page.getByText('El RUC tiene forma de CUIT (11 dígitos) pero su dígito verificador no es válido')).toBeVisible();
  await form.getByLabel('RUC').fill('33-69345023-9');
  await form.getByRole('button', { name: 'Crear empresa' }).click();
  const credenciales = page.getByRole('dialog', { name: 'Credenciales temporales' });
  await expect(credenciales.getByTestId('credencial-usuario')).toHaveText('admin_lujan');
  await expect(credenciales).toContainText('debe cambiarse en el primer ingreso');
  const password = (await credenciales.getByTestId('credencial-password').textContent()) ?? '';
  expect(password.length).toBeGreaterThanOrEqual(8);
  await shot(page, 'credenciales');
  await credenciales.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByRole('row').filter({ hasText: EMPRESA })).toContainText('Activa');

  // The new admin's password is temporary: the first login leads to changing it.
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/admin/login');
  await admin.getByLabel('Usuario').fill('admin_lujan');
  await admin.getByLabel('Contraseña', { exact: true }).fill(password);
  await admin.getByRole('button', { name: 'Ingresar' }).click();
  await expect(admin).toHaveURL(/\/cambiar-contrasena$/);
  await expect(admin.getByText('Tu contraseña es temporal. Elige una nueva para continuar.')).toBeVisible();
  await admin.getByLabel('Nueva contraseña').fill('Sauce63#Delta');
  await admin.getByLabel('Confirmar contraseña').fill('Sauce63#Delta');
  await admin.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(admin).toHaveURL(/\/admin\/dashboard$/, { timeout: 10_000 });
  await expect(admin.getByRole('banner').getByText(EMPRESA)).toBeVisible();
  await admin.goto('/admin/configuracion/general');
  await admin.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await admin.getByRole('button', { name: 'Subir logo' }).click();
  await expect(admin.getByText('Logo subido exitosamente')).toBeVisible();
  const logo = admin.getByRole('banner').getByAltText(`Logo de ${EMPRESA}`);
  await expect(logo).toHaveAttribute('src', /^\/api\/public\/empresas\/\d+\/logo\?v=/);
  await expect.poll(() => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
  await shot(admin, 'logo');
});
