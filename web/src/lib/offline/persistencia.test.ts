import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (it asks once per page) with navigator.storage as given. */
async function conStorage(storage: unknown) {
  vi.resetModules();
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { storage }));
  return (await import('./persistencia')).pedirAlmacenamientoPersistente;
}

describe('pedirAlmacenamientoPersistente', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the browser once per page, and answers what it granted', async () => {
    const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
    const pedir = await conStorage(storage);
    expect(await pedir()).toBe(true);
    expect(await pedir()).toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when the storage already persists', async () => {
    const storage = { persisted: vi.fn(async () => true), persist: vi.fn(async () => true) };
    expect(await (await conStorage(storage))()).toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('answers false where unsupported or refused, without failing', async () => {
    expect(await (await conStorage(undefined))()).toBe(false);
    expect(await (await conStorage({ persist: async () => { throw new Error('no'); } }))()).toBe(false);
  });
});
