/** Reloads the whole page (a separate function so that tests can replace it). */
export function reloadPage(): void {
  window.location.reload();
}

/** Loads `path` as a new page, re-reading everything (a separate function so that tests can replace it). */
export function loadPage(path: string): void {
  window.location.assign(path);
}

/** Opens `path` in a small named popup window (e.g. the validator next to the sale screen). */
export function openPopup(path: string, name: string, width = 480, height = 760): void {
  window.open(path, name, `popup,width=${width},height=${height}`);
}

/**
 * The main pointer is a finger (a phone or tablet): focusing a text field there opens
 * the on-screen keyboard, which covers half the screen.
 */
export function punteroTactil(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}
