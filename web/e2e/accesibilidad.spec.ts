import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, usuarioPropio, type Cuenta } from './helpers';

type Rol = 'super_admin' | 'admin' | 'supervisor' | 'vendedor' | 'lancha';

/** What this spec reads of a screen of the table. */
interface Pantalla {
  path: string;
  access: { kind: 'public' | 'session' | 'roles' | 'permiso'; roles?: readonly Rol[] };
  menu?: readonly { roles: readonly Rol[] }[];
}

// THE screens table of the app (src/app/screens.tsx), so that a new screen is checked too. Loaded at
// run time: a literal import would make tsc -b type-check the whole app under this folder's settings.
const SCREENS_MODULE = '../src/app/screens.tsx';
const { SCREENS } = (await import(SCREENS_MODULE)) as { SCREENS: readonly Pantalla[] };

/**
 * Who opens each screen: every role whose menu lists it (so each role's dashboard is checked), else the
 * first role the screen admits, else an admin; the public screens without a session.
 */
function quienesAbren(screen: Pantalla): readonly (Rol | 'publico')[] {
  if (screen.access.kind === 'public') return ['publico'];
  if (screen.menu) return [...new Set(screen.menu.flatMap((entry) => entry.roles))];
  if (screen.access.roles) return [screen.access.roles[0]];
  return ['admin'];
}

const porRol = new Map<Rol | 'publico', string[]>();
for (const screen of SCREENS) {
  for (const rol of quienesAbren(screen)) porRol.set(rol, [...(porRol.get(rol) ?? []), screen.path]);
}

/** axe's critical and serious violations of the page as it is now, one line each. */
async function violaciones(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes[0].target.join(' ')} ${v.nodes[0].failureSummary ?? ''}`);
}

/** The texts of the badges that do not fit in their badge (shown cut, 'SUPER_AD…'). */
function insigniasCortadas(page: Page): Promise<string[]> {
  return page.locator('.mantine-Badge-label').evaluateAll((labels) =>
    labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent ?? ''));
}

/** Opens `path` and waits until its code and data arrived (no loader in sight); false when it sent us elsewhere. */
async function abrir(page: Page, path: string): Promise<boolean> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  return new URL(page.url()).pathname === path;
}

/** Checks the page as it is now: no critical or serious axe violation, no badge cut. */
async function revisar(page: Page, donde: string) {
  expect.soft(await violaciones(page), donde).toEqual([]);
  expect.soft(await insigniasCortadas(page), `insignias cortadas: ${donde}`).toEqual([]);
}

for (const [rol, pantallas] of porRol) {
  test(`axe: 0 violaciones críticas o graves en las pantallas de ${rol}`, async ({ page, request }) => {
    test.setTimeout(60_000 + pantallas.length * 15_000);
    if (rol === 'publico') {
      // A public screen that needs a session (changing one's password) sends a guest to the login:
      // it is checked again once a seller logged in.
      const conSesion: string[] = [];
      for (const path of pantallas) {
        if (path === '/cliente/dashboard') continue; // needs a customer session: e2e/portal-cliente.spec.ts checks it
        if (await abrir(page, path)) await revisar(page, `sin sesión en ${path}`);
        else conSesion.push(path);
      }
      if (conSesion.length === 0) return;
      await login(page, await usuarioPropio(request, 'vendedor'));
      for (const path of conSesion) {
        expect(await abrir(page, path), path).toBe(true);
        await revisar(page, `con sesión en ${path}`);
      }
      return;
    }
    // The super admin is the demo's (none can be created); the others are the test's own.
    const cuenta: Cuenta = rol === 'super_admin' ? 'superadmin' : await usuarioPropio(request, rol);
    await login(page, cuenta);
    for (const path of pantallas) {
      expect(await abrir(page, path), `${rol} abre ${path}`).toBe(true);
      await revisar(page, `${rol} en ${path}`);
    }
  });
}

test('un campo, un botón y un enlace enfocados con el teclado muestran un anillo de foco de 3px', async ({ page }) => {
  await page.goto('/admin/login');
  const anillo = async (enfocado: Locator, conAnillo = enfocado) => {
    await expect(enfocado).toBeFocused();
    await expect(conAnillo).toHaveCSS('outline-style', 'solid');
    await expect(conAnillo).toHaveCSS('outline-width', '3px');
  };
  await anillo(page.getByLabel('Usuario')); // focused on arrival
  await page.keyboard.press('Tab');
  // The password field's ring is on its frame, which holds the field and the show button.
  const contrasena = page.getByLabel('Contraseña', { exact: true });
  await anillo(contrasena, page.locator('.mantine-Input-input').filter({ has: contrasena }));
  await page.keyboard.press('Tab');
  await anillo(page.getByRole('button', { name: 'Mostrar contraseña' }));
  await page.keyboard.press('Tab');
  await anillo(page.getByRole('button', { name: 'Ingresar' }));
  await page.keyboard.press('Tab');
  await anillo(page.getByRole('link', { name: 'Volver al inicio' }));
});
