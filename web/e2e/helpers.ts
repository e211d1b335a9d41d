import { expect, type Page } from '@playwright/test';

/** Password of every demo user. */
export const DEMO_PASSWORD = 'Muelle.2026';

/** Logs a demo user in through the staff login and waits for the dashboard. */
export async function login(page: Page, usuario: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
