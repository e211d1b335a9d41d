import { chromium, expect, test } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import config, { SCREENSHOTS_DIR } from '../playwright.config';
import { controladaPorElServiceWorker, DEMO_PASSWORD } from './helpers';

// Installs the service worker: the runner's options reach this spec's own browser, so it allows one
// (the other specs go without, playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Muelle over HTTPS at a name, as a terminal without a public domain runs it: `muelle tls local` makes the
 * installation's CA and a certificate for muelle.prueba, and a server of this spec's own (on a fresh SQLite
 * with the demo data) serves it through MUELLE_TLS_CERT and MUELLE_TLS_KEY. Chromium resolves the name to
 * loopback and trusts that certificate, so the page is a secure context: the service worker registers and
 * the browser registers itself as a device (an Ed25519 key in crypto.subtle), which plain HTTP refuses
 * (e2e/conexion-insegura.spec.ts).
 */
const NOMBRE = 'muelle.prueba';
const BINARIO = path.resolve('..', 'bin', 'muelle');

let dir = '';
let servidor: ChildProcess | undefined;
let puerto = 0;
let ca = '';
let huellaDelServidor = '';

/** A TCP port nobody listens on now. */
function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    }).on('error', reject);
  });
}

/** Whether the server answers /api/health over HTTPS at the name, trusting only the local CA. */
function responde(): Promise<boolean> {
  return new Promise((resolve) => {
    https.get({ host: '127.0.0.1', port: puerto, path: '/api/health', servername: NOMBRE, ca, timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}

/** The base64 SHA-256 of the certificate's public key, which Chromium is told to accept for this test. */
function huellaSPKI(pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muelle-https-'));
  const tls = path.join(dir, 'tls');
  const salida = execFileSync(BINARIO, ['tls', 'local', '--nombres', NOMBRE, '--destino', tls], { encoding: 'utf8' });
  expect(salida).toContain('Android');
  ca = readFileSync(path.join(tls, 'muelle-ca.crt'), 'utf8');
  huellaDelServidor = huellaSPKI(readFileSync(path.join(tls, 'muelle.crt'), 'utf8'));
  const db = `sqlite:${path.join(dir, 'muelle.db')}`;
  const env = { ...process.env, MUELLE_BCRYPT_COST: '4', MUELLE_WHATSAPP: 'false' };
  execFileSync(BINARIO, ['seed', '--demo', '--db', db], { env, stdio: 'ignore' });
  puerto = await puertoLibre();
  servidor = spawn(BINARIO, ['serve', '--addr', `127.0.0.1:${puerto}`, '--db', db], {
    env: { ...env, MUELLE_TLS_CERT: path.join(tls, 'muelle.crt'), MUELLE_TLS_KEY: path.join(tls, 'muelle.key') },
    stdio: 'ignore',
  });
  await expect.poll(responde, { timeout: 30_000 }).toBe(true);
});

test.afterAll(() => {
  servidor?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('por HTTPS a un nombre, con la CA de la instalación, la app instala su service worker y registra el dispositivo', async ({ locale, timezoneId }) => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...(config.use?.launchOptions?.args ?? []), `--host-resolver-rules=MAP ${NOMBRE} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${huellaDelServidor}`],
  });
  try {
    /** A browser window of its own at the name, logged in as usuario. */
    const entrar = async (usuario: string) => {
      const page = await (await browser.newContext({ baseURL: `https://${NOMBRE}:${puerto}`, locale, timezoneId })).newPage();
      const respuesta = await page.goto('/admin/login');
      expect(respuesta?.headers()['strict-transport-security']).toBe('max-age=31536000');
      await page.getByLabel('Usuario').fill(usuario);
      await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
      return page;
    };
    const page = await entrar('admin');
    type ConContexto = { isSecureContext: boolean };
    expect(await page.evaluate(() => (globalThis as unknown as ConContexto).isSecureContext)).toBe(true);
    await controladaPorElServiceWorker(page);

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Dispositivos' }).click();
    await expect(page.getByRole('note')).toHaveCount(0);
    await page.getByRole('button', { name: 'Registrar este dispositivo' }).click();
    const alta = page.getByRole('dialog', { name: 'Registrar este dispositivo' });
    await alta.getByLabel('Nombre del dispositivo').fill('Boletería por HTTPS');
    await alta.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByText(/^Dispositivo registrado con el código [0-9A-Z]{4}$/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/https-dispositivo.png`, fullPage: true });

    // the super admin's system configuration says the connection is HTTPS, and the monitor shows the certificate
    const superadmin = await entrar('superadmin');
    await superadmin.goto('/admin/reportes/servicios');
    await expect(superadmin.getByRole('region', { name: 'HTTPS' })).toContainText(`Certificado de ${NOMBRE} válido hasta el`);
    await superadmin.goto('/admin/configuracion/sistema');
    await expect(superadmin.getByRole('group', { name: 'Conexión' })).toHaveText(/HTTPS$/);
  } finally {
    await browser.close();
  }
});
