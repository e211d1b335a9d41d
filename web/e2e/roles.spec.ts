import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { login } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/roles-${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** Gives a demo user a role straight in the database (the users screen is another issue's). */
function asignarRol(usuario: string, rol: string) {
  const db = process.env.MUELLE_E2E_DB;
  if (!db) throw new Error('MUELLE_E2E_DB no está definido (scripts/e2e.sh lo define)');
  execFileSync('sqlite3', [db, '.timeout 5000',
    `UPDATE usuarios SET rol_id = (SELECT id FROM roles WHERE nombre = '${rol}') WHERE nombre_usuario = '${usuario}'`]);
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

// It turns a company's Caja module off and on again (@empresa).
test('un rol personalizado armado en la matriz ve y usa solo sus pantallas; sin el módulo Caja la pierde', { tag: '@empresa' }, async ({ page }) => {
  test.setTimeout(240_000); // four logins and a sale on a shared machine
  // super_admin builds "cajero" from the default new role: sell, print and the whole register.
  await login(page, 'superadmin');
  await menu(page).getByRole('link', { name: 'Gestión de Roles' }).click();
  await page.getByRole('button', { name: 'Nuevo Rol' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo Rol' });
  await form.getByRole('textbox', { name: 'Nombre' }).fill('cajero');
  await form.getByRole('textbox', { name: 'Descripción' }).fill('Vende en mostrador y maneja su caja');
  await expect(form.getByLabel('Pasajes: Crear')).toBeChecked();
  await expect(form.getByLabel('Caja: Abrir')).toBeChecked();
  await expect(form.getByLabel('Validación: Embarque')).not.toBeChecked();
  await form.getByLabel('Icono 💼').check();
  await shot(page, 'matriz');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Rol creado exitosamente')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Roles' }).getByText('cajero', { exact: true })).toBeVisible();
  await logout(page);

  asignarRol('vendedor2', 'cajero');
  await login(page, 'vendedor2');
  await expect(page.getByRole('heading', { name: 'Dashboard de Ventas' })).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText(['Dashboard', 'Notificaciones', 'Venta Rápida de Pasajes', 'Gestión de Caja', 'Mis Ventas', 'Clientes', 'Consulta de Puntos']);
  await shot(page, 'menu-cajero');

  // It opens its register and sells a ticket.
  // The dashboard has an 'Abrir Caja' of its own: the click waits for the register's screen.
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('heading', { name: 'Gestión de Caja' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir Caja' }).click();
  const abrir = page.getByRole('dialog', { name: 'Abrir Caja' });
  await abrir.getByLabel('Monto de apertura').fill('1000');
  await abrir.getByRole('button', { name: 'Abrir Caja' }).click();
  await expect(abrir).toBeHidden();
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await page.getByRole('button', { name: /Tigre|Paraná|Delta|Río/ }).first().click();
  await page.getByLabel(/^Cantidad /).first().fill('1');
  await page.getByRole('button', { name: /^Crear Pasajes? —/ }).click();
  await expect(page.getByRole('dialog', { name: 'Venta registrada' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A screen its matrix does not grant is refused.
  await page.goto('/admin/validador');
  await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
  await logout(page);

  // super_admin turns Caja off for the company: the screen leaves the menu and is refused.
  await login(page, 'superadmin');
  await menu(page).getByRole('link', { name: 'Gestión de Módulos' }).click();
  await page.getByRole('combobox', { name: 'Empresa' }).click();
  await page.getByRole('option', { name: 'Interisleña Demo' }).click();
  await page.getByLabel('Habilitar Caja').click({ force: true });
  await expect(page.getByText('Caja deshabilitado correctamente')).toBeVisible();
  await shot(page, 'modulos');
  await logout(page);

  await login(page, 'vendedor2');
  await expect(menu(page).getByRole('link')).toHaveText(['Dashboard', 'Notificaciones', 'Venta Rápida de Pasajes', 'Mis Ventas', 'Clientes', 'Consulta de Puntos']);
  await page.goto('/admin/gestion-caja');
  await expect(page.getByText('El módulo de esta pantalla no está habilitado para su empresa')).toBeVisible();
  await logout(page);

  // Leaves the company as it found it for the other specs.
  await login(page, 'superadmin');
  await menu(page).getByRole('link', { name: 'Gestión de Módulos' }).click();
  await page.getByRole('combobox', { name: 'Empresa' }).click();
  await page.getByRole('option', { name: 'Interisleña Demo' }).click();
  await page.getByLabel('Habilitar Caja').click({ force: true });
  await expect(page.getByText('Caja habilitado correctamente')).toBeVisible();
});
