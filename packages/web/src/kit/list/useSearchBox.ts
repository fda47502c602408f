import { useEffect, useRef, useState } from 'react';

const SEARCH_DELAY_MS = 400;

/**
 * The text of a search box whose term lives in the URL (`q`): typing sends the term after a pause
 * (`onSearch`, Enter sends it at once), and the box follows the URL when it changes under it (Back, a bookmark).
 */
export function useSearchBox(q: string, onSearch: (term: string) => void) {
  const [term, setTerm] = useState(q);
  // The terms this box sent whose URL change has not arrived yet. When one arrives the box keeps
  // what the user typed meanwhile; any other change of the URL (Back, a link) is shown in the box.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(q);
    if (at >= 0) pending.current = pending.current.slice(at + 1);
    else {
      pending.current = [];
      setTerm(q);
    }
  }, [q]);
  const send = (value: string) => {
    const sent = value.trim();
    if (sent !== q && pending.current.at(-1) !== sent) pending.current.push(sent);
    onSearch(value);
  };
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (term.trim() === q) return;
    const timer = setTimeout(() => sendRef.current(term), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, q]);
  return { term, setTerm, submit: () => send(term) };
}
