import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { login, usuarioPropio, violaciones } from './helpers';

/** A self-signed certificate as ARCA gives one (subject CN and serialNumber 'CUIT …'), valid `dias` days, and its key; PEM. */
function certificadoDePrueba(cuit: string, dias: number): { certificado: string; clave: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'muelle-arca-'));
  try {
    const [crt, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', crt, '-days', String(dias),
      '-subj', `/CN=muelle-e2e/serialNumber=CUIT ${cuit}`], { stdio: 'ignore' });
    return { certificado: readFileSync(crt, 'utf8'), clave: readFileSync(key, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Issue 42 item 1: the admin fills the company's tax profile and uploads a test certificate; the screen shows its
// expiry, warned of within 30 days, and never the key.
test('un admin completa el perfil fiscal, sube un certificado de prueba y ve su vencimiento', async ({ page }, info) => {
  test.setTimeout(120_000);
  const admin = await usuarioPropio(page.request, 'admin');
  const { certificado, clave } = certificadoDePrueba('20123456786', 20);
  await login(page, admin);
  await page.goto('/admin/configuracion/facturacion');
  await expect(page.getByRole('heading', { name: 'Facturación electrónica', level: 1 })).toBeVisible();

  const perfil = page.getByRole('form', { name: 'Perfil fiscal' });
  await perfil.getByLabel('CUIT').fill('20-12345678-6');
  await perfil.getByLabel('Punto de venta (CAE)').fill('3');
  await perfil.getByLabel('Punto de venta de contingencia (CAEA)').fill('4');
  await perfil.getByRole('button', { name: 'Guardar perfil fiscal' }).click();
  await expect(page.getByText('Perfil fiscal guardado exitosamente')).toBeVisible();
  await expect(page.getByText(/Factura A \(1; nota de crédito 3\), Factura B \(6; nota de crédito 8\)/)).toBeVisible();

  const subir = page.getByRole('form', { name: 'Subir certificado' });
  await subir.getByLabel('Certificado (PEM)').fill(certificado);
  await subir.getByLabel('Clave privada (PEM)').fill(clave);
  await subir.getByRole('button', { name: 'Subir certificado' }).click();
  await expect(page.getByText('Certificado de ARCA guardado exitosamente')).toBeVisible();
  await expect(page.getByText(/Certificado muelle-e2e, vence el \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByText(/Vence en (19|20) días/)).toBeVisible();
  await expect(page.getByText('BEGIN PRIVATE KEY')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('facturacion.png'), fullPage: true });
  expect(await violaciones(page)).toEqual([]);
});
