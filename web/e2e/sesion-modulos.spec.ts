import { expect, test } from '@playwright/test';
import { apiGet, authHeaders, login, usuarioPropio } from './helpers';

test('una sesión falsificada termina en el login con "Tu sesión expiró"', async ({ page, request }) => {
  const vendedor = await usuarioPropio(request, 'vendedor');
  await login(page, vendedor);
  // at the next load (once), the stored token gets another signature: the server refuses it (401)
  await page.addInitScript(`if (!sessionStorage.getItem('forjado') && localStorage.getItem('token')) {
    sessionStorage.setItem('forjado', '1');
    localStorage.setItem('token', localStorage.getItem('token').replace(/[^.]*$/, 'firmaFalsa'));
  }`);
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Tu sesión expiró' })).toBeVisible();
  // a logout is no expiry: the login says nothing
  await login(page, vendedor);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Tu sesión expiró')).toHaveCount(0);
});

/** A day from today in the companies' calendar (Argentina), as YYYY-MM-DD and as the screens write it. */
function diaArgentino(dias: number): { iso: string; texto: string } {
  const partes = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' })
    .format(new Date(Date.now() + dias * 86_400_000));
  const [anio, mes, dia] = partes.split('-');
  return { iso: partes, texto: `${dia}/${mes}/${anio}` };
}

// It sets an expiry on the demo company's Email module, then takes it away (@empresa).
test('el admin ve en su tablero que un módulo vence pronto', { tag: '@empresa' }, async ({ page, request }) => {
  const superadmin = await authHeaders(request, 'superadmin');
  const empresa = await apiGet<{ id: number }>(request, '/api/config/empresa', await authHeaders(request, 'admin'));
  const { modulos } = await apiGet<{ modulos: { id: number; codigo: string }[] }>(request, '/api/admin/modulos', superadmin);
  const email = modulos.find((m) => m.codigo === 'email');
  if (!email) throw new Error('el catálogo no tiene el módulo email');
  const url = `/api/admin/empresas/${empresa.id}/modulos/${email.id}`;
  const vence = diaArgentino(3);
  expect((await request.put(url, { headers: superadmin, data: { habilitado: true, fecha_vencimiento: vence.iso } })).ok()).toBeTruthy();
  try {
    const admin = await usuarioPropio(request, 'admin');
    await login(page, admin);
    await expect(page.getByRole('status').filter({ hasText: `El módulo Email vence el ${vence.texto}` })).toBeVisible();
  } finally {
    expect((await request.put(url, { headers: superadmin, data: { habilitado: true, fecha_vencimiento: null } })).ok()).toBeTruthy();
  }
});
