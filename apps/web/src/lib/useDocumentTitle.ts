import { useEffect } from 'react';

/** Sets `document.title` as GitLab does: most specific part first, joined by ` · `, ending with Meridian. */
export function useDocumentTitle(parts: Array<string | undefined | null>): void {
  const title = [...parts.filter((part): part is string => Boolean(part)), 'Meridian'].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
