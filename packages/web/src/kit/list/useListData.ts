import { notifications } from '@mantine/notifications';
import type { ColumnDef, ListAnswer, ResourceDef } from '@switchboard/model';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useLiveEvents } from '../../app/useLiveEvents';
import type { Row } from './Cell';
import type { ListQuery } from './useListState';

/** Events arriving in a burst cause one read of the page. */
const LIVE_REFRESH_DELAY_MS = 250;

type Extra = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

/**
 * A list's page as the API answers it, and the changes made from the list: inline toggles,
 * deletes, drag-and-drop moves, and rows patched by live events. Every change reads the page again.
 */
export function useListData(def: ResourceDef, path: string, query: ListQuery, extra: Extra | undefined, live?: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = [path, 'list', query, extra ?? null] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<ListAnswer<Row>>(path, {
        // The fields the server computes for the viewer (what they may do with a row) come along.
        query: { ...extra, ...query, fields: [...def.listFields, ...(def.viewerFields ?? [])] },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const readAgain = () => queryClient.invalidateQueries({ queryKey: [path] });

  const liveRefresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (liveRefresh.current) clearTimeout(liveRefresh.current);
    },
    [],
  );
  useLiveEvents(live, (data) => {
    const id = data?.id;
    if (data && typeof id === 'number') {
      // The row shows the new state at once; only the fields it already has are taken.
      queryClient.setQueriesData<ListAnswer<Row>>({ queryKey: [path, 'list'] }, (old) =>
        old
          ? {
              ...old,
              items: old.items.map((r) =>
                r.id === id ? { ...r, ...Object.fromEntries(Object.entries(data).filter(([k]) => k in r)) } : r,
              ),
            }
          : old,
      );
    }
    if (liveRefresh.current) clearTimeout(liveRefresh.current);
    liveRefresh.current = setTimeout(() => {
      liveRefresh.current = null;
      queryClient.invalidateQueries({ queryKey: [path] });
    }, LIVE_REFRESH_DELAY_MS);
  });

  const toggle = async (row: Row, column: ColumnDef, value: boolean) => {
    if (!column.patch) return;
    // A read still in flight would overwrite the switched row with what the server had before.
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<ListAnswer<Row>>(key, (old) =>
      old ? { ...old, items: old.items.map((r) => (r.id === row.id ? { ...r, [column.field]: value } : r)) } : old,
    );
    try {
      await api.patch(`${path}/${row.id}`, column.patch(value));
    } catch {
      // The row on screen no longer tells the truth: read the page again.
      await list.refetch();
      return;
    }
    // The server may derive other columns from the change (do-not-disturb sets the presence
    // status): read the page again so the whole row tells the truth.
    await readAgain();
  };

  /** Deletes the records; `name` names a single one in the notification. Resolves whether it worked. */
  const remove = async (ids: number[], name: string | null) => {
    try {
      if (ids.length === 1) await api.delete(`${path}/${ids[0]}`);
      else await api.delete(path, { query: { id: ids } });
      notifications.show({
        color: 'green',
        message: name !== null ? t('list.deletedOne', { name }) : t('list.deletedMany', { n: ids.length }),
      });
      return true;
    } catch {
      // api.ts has already told the user why.
      return false;
    } finally {
      await readAgain();
    }
  };

  /** Changes the same fields of several records (a bulk PATCH). Resolves whether it worked. */
  const setMany = async (ids: number[], patch: Record<string, unknown>) => {
    try {
      const answer = await api.patch<{ items: { id: number }[] }>(path, patch, { query: { id: ids } });
      notifications.show({ color: 'green', message: t('list.changedMany', { n: answer.items.length }) });
      return true;
    } catch {
      // api.ts has already told the user why.
      return false;
    } finally {
      await readAgain();
    }
  };

  /** The rows take their new order at once; the answer (or a failure) reads the page again. */
  const move = async (fromId: number, toId: number, save: (fromId: number, toId: number) => Promise<void>) => {
    const from = items.findIndex((r) => r.id === fromId);
    const to = items.findIndex((r) => r.id === toId);
    if (from >= 0 && to >= 0) {
      await queryClient.cancelQueries({ queryKey: key });
      const next = [...items];
      next.splice(to, 0, ...next.splice(from, 1));
      queryClient.setQueryData<ListAnswer<Row>>(key, (old) => (old ? { ...old, items: next } : old));
    }
    try {
      await save(fromId, toId);
    } finally {
      await readAgain();
    }
  };

  return { list, items, toggle, remove, move, setMany };
}
