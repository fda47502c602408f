import { IMPORTS_TOPIC, type ImportErrorRow, type ImportItem, importRunning } from '@switchboard/model';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents } from '../../app/useLiveEvents';
import { getImport, reportPage } from './import-api';

/** How often a running import is read again, in case live events were missed. */
export const IMPORT_POLL_MS = 1000;

const COUNTERS = ['bytesRead', 'rowsRead', 'rowsToLoad', 'rowsLoaded', 'rowsFailed'] as const;

/**
 * Takes news of an import (an event's fields or a whole item) into what is known of it. Polls and
 * events may arrive out of order: an ended import stays ended and counters never go back.
 */
export function mergeImport(known: ImportItem, news: Partial<ImportItem>): ImportItem {
  if (news.id !== known.id || !importRunning(known.state)) return known;
  const next = { ...known, ...news };
  if (importRunning(next.state)) for (const key of COUNTERS) next[key] = Math.max(known[key], news[key] ?? 0);
  return next;
}

export type ImportReport = { rows: ImportErrorRow[]; more: boolean };

/**
 * Follows one import to its end: live events of topic `imports`, and a read every second while it
 * runs. At its end the first page of its report is read and `onEnd` is called once.
 */
export function useImportFollow(onEnd: (item: ImportItem) => void) {
  const [item, setItem] = useState<ImportItem | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const endRef = useRef(onEnd);
  endRef.current = onEnd;
  const ended = useRef<number | null>(null);
  const id = item?.id ?? null;
  const running = item !== null && importRunning(item.state);

  const take = useCallback((news: Partial<ImportItem>) => {
    setItem((known) => (known ? mergeImport(known, news) : known));
  }, []);

  const poll = useCallback(() => {
    if (id === null) return;
    getImport(id).then(take, () => {
      // The next poll tries again.
    });
  }, [id, take]);

  // An event carries state and counters only: the end (with its reason) is read in full.
  useLiveEvents(running ? IMPORTS_TOPIC : undefined, (data) => {
    if (data === null) poll();
    else if (data.id === id) {
      if (importRunning(data.state as ImportItem['state'])) take(data as Partial<ImportItem>);
      else poll();
    }
  });

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(poll, IMPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [running, poll]);

  useEffect(() => {
    if (!item || importRunning(item.state) || ended.current === item.id) return;
    ended.current = item.id;
    endRef.current(item);
    if (item.rowsFailed > 0) {
      const endedId = item.id;
      reportPage(endedId).then(
        (page) => setReport((r) => (ended.current === endedId ? { rows: page.items, more: page.next } : r)),
        () => setReport({ rows: [], more: true }),
      );
    }
  }, [item]);

  /** Starts following an import (just uploaded, or found still running). */
  const follow = useCallback((next: ImportItem) => {
    ended.current = null;
    setReport(null);
    setItem(next);
  }, []);

  const reset = useCallback(() => {
    ended.current = null;
    setItem(null);
    setReport(null);
  }, []);

  return { item, report, running, follow, reset, take };
}
