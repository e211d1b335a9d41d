/** Reloads the whole page (a separate function so that tests can replace it). */
export function reloadPage(): void {
  window.location.reload();
}

/** Opens `path` in a small named popup window (e.g. the validator next to the sale screen). */
export function openPopup(path: string, name: string, width = 480, height = 760): void {
  window.open(path, name, `popup,width=${width},height=${height}`);
}
