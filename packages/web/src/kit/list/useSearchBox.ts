import { useEffect, useState } from 'react';

const SEARCH_DELAY_MS = 400;

/**
 * The text of a search box whose term lives in the URL (`q`): typing sends the term after a pause
 * (`onSearch`, Enter sends it at once), and the box follows the URL when it changes under it (Back, a bookmark).
 */
export function useSearchBox(q: string, onSearch: (term: string) => void) {
  const [term, setTerm] = useState(q);
  useEffect(() => setTerm(q), [q]);
  useEffect(() => {
    if (term.trim() === q) return;
    const timer = setTimeout(() => onSearch(term), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, q, onSearch]);
  return { term, setTerm, submit: () => onSearch(term) };
}
