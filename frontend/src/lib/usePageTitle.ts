import { useEffect } from 'react';

export const DEFAULT_TITLE = 'VanHop Removals: man and van in London';

/** Sets the tab title while the page is shown and puts the site's default back when it goes. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ?? DEFAULT_TITLE;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}
