import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { login } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/usuarios-${name}.png` });

test('un admin crea un vendedor con contraseña generada; el vendedor debe cambiarla y llega a la venta', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, 'admin');
  await page.goto('/admin/usuarios');
  await expect(page).toHaveURL(/\/admin\/gestion-usuarios$/);
  await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'vendedor@muelle.demo' })).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await form.getByLabel('Nombre de usuario').fill('vendedora_nueva');
  await form.getByLabel('Email').fill('vendedora.nueva@muelle.demo');
  await form.getByLabel('Nombre', { exact: true }).fill('Sofía');
  await form.getByLabel('Apellido').fill('Medina');
  await form.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Vendedor' }).click();
  await expect(form.getByLabel('Generar contraseña automáticamente')).toBeChecked();
  await shot(page, 'nuevo');
  await form.getByRole('button', { name: 'Guardar' }).click();

  const credenciales = page.getByRole('dialog', { name: 'Credenciales temporales' });
  await expect(credenciales).toBeVisible();
  const password = (await credenciales.getByTestId('credencial-password').textContent()) ?? '';
  expect(password.length).toBeGreaterThanOrEqual(8);
  await shot(page, 'credenciales');
  await credenciales.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'vendedora_nueva' })).toContainText('Cambio pendiente');

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The seller logs in with the temporary password and is sent to change it.
  await page.getByLabel('Usuario').fill('vendedora_nueva');
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/cambiar-contrasena$/);
  await expect(page.getByText('Tu contraseña es temporal. Elige una nueva para continuar.')).toBeVisible();
  await page.goto('/admin/venta-pasajes');
  await expect(page).toHaveURL(/\/cambiar-contrasena$/);

  await page.getByLabel('Nueva contraseña').fill('sofia123');
  await expect(page.getByText('La contraseña no cumple con los requisitos de seguridad')).toBeVisible();
  await page.getByLabel('Nueva contraseña').fill('Remo48#Ceibo');
  await expect(page.getByText(/Fortaleza: (Fuerte|Muy fuerte)/)).toBeVisible();
  await page.getByLabel('Confirmar contraseña').fill('Remo48#Ceib');
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toBeDisabled();
  await page.getByLabel('Confirmar contraseña').fill('Remo48#Ceibo');
  await shot(page, 'cambiar');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Ingresando al sistema en 2 segundos…')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 10_000 });

  await page.goto('/admin/venta-pasajes');
  await expect(page).toHaveURL(/\/admin\/venta-pasajes$/);
  await expect(page.getByRole('heading', { name: 'Venta Rápida de Pasajes' })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'venta');
});
