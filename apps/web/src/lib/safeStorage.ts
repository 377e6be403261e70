/** localStorage that may be missing or throwing (private mode, disabled storage): failures are only logged. */
export const safeStorage = {
  available(): boolean {
    try {
      const probe = '__meridian_storage_probe__';
      window.localStorage.setItem(probe, probe);
      window.localStorage.removeItem(probe);
      return true;
    } catch {
      return false;
    }
  },
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      console.warn('localStorage read failed', error);
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      console.warn('localStorage write failed', error);
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch (error) {
      console.warn('localStorage remove failed', error);
    }
  },
};
