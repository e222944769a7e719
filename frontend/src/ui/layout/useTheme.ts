import { useCallback, useEffect, useState } from 'react';

export type Theme = 'light' | 'dark';

interface ThemeOptions {
  /** Where `data-theme` goes (default <html>). */
  root?: HTMLElement;
  /**
   * Keeps the choice in localStorage under this key, so a reload keeps it (the staff and driver
   * areas). Without one it starts light on every visit: the public site's choice is not saved
   * (docs/SCREENS.md).
   */
  storageKey?: string;
}

function saved(storageKey: string | undefined): Theme {
  if (!storageKey || typeof window === 'undefined') return 'light';
  try {
    return window.localStorage.getItem(storageKey) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light'; // storage disabled: not saved
  }
}

/**
 * Day/night theme. The colours live in CSS variables switched by `data-theme` on <html>, so every
 * page and the booking box follow without re-rendering.
 */
export function useTheme({ root, storageKey }: ThemeOptions = {}): { theme: Theme; toggle: () => void } {
  const [theme, setTheme] = useState<Theme>(() => saved(storageKey));
  useEffect(() => {
    // Read here, not as a default argument: the shell is also rendered at build time, without a document.
    (root ?? document.documentElement).dataset.theme = theme;
  }, [root, theme]);
  useEffect(() => {
    if (!storageKey) return;
    try {
      window.localStorage.setItem(storageKey, theme);
    } catch {
      // storage full or disabled: the choice lasts this visit only
    }
  }, [storageKey, theme]);
  const toggle = useCallback(() => setTheme((t) => (t === 'light' ? 'dark' : 'light')), []);
  return { theme, toggle };
}
