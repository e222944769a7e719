import { useCallback, useEffect, useState } from 'react';

export type Theme = 'light' | 'dark';

/**
 * Day/night theme. Starts light on every visit (docs/SCREENS.md: not saved); the colours live in CSS variables
 * switched by `data-theme` on <html>, so every page and the booking box follow without re-rendering.
 */
export function useTheme(root?: HTMLElement): { theme: Theme; toggle: () => void } {
  const [theme, setTheme] = useState<Theme>('light');
  useEffect(() => {
    // Read here, not as a default argument: the shell is also rendered at build time, without a document.
    (root ?? document.documentElement).dataset.theme = theme;
  }, [root, theme]);
  const toggle = useCallback(() => setTheme((t) => (t === 'light' ? 'dark' : 'light')), []);
  return { theme, toggle };
}
