import { Alert, Anchor, Badge, Button, Group, Paper, Tabs, Title } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { fieldErrors, guardingRight, type ResourceDef } from '@switchboard/model';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiFailure, api, reportFailure } from '../../app/api';
import { useSession } from '../../app/session';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { AclTable } from '../acl/AclTable';
import { ConfirmDialog } from '../ConfirmDialog';
import { LoadFailed, ScreenLoader } from '../LoadState';
import { translateMessage } from '../messages';
import { BackToList, useBackTo } from './BackToList';
import {
  type EditForm,
  type EditTab,
  type FieldError,
  type FormCodec,
  type FormValues,
  type Item,
  tabHolds,
} from './form';
import { NEW } from './newId';
import { useUnsavedGuard } from './useUnsavedGuard';

type Props<V extends FormValues> = {
  def: ResourceDef;
  tabs: EditTab<V>[];
  /** How the screen's values are made, read, sent and checked. */
  codec: FormCodec<V>;
  /** Translated heading; by default `<resource>.new`, else the record's name. */
  title?: (values: V, isNew: boolean) => string;
  /** Why this record is read-only for the caller beyond the class right (shown above the form), or null. */
  locked?: (id: number, item: Item | null) => string | null;
};

/**
 * The generic edit screen: `/new` creates, `/{id}` edits. Editing marks the item changed and Save
 * sends an update only then; a create takes the returned id, reads that item and replaces the URL
 * with `/{id}`. The resource's schema checks the values before anything is sent; API field errors
 * land under the fields too. Leaving with unsaved changes asks first.
 */
export function EditScreen<V extends FormValues>({
  def,
  tabs,
  codec: { empty, fromItem, toInput, check },
  title,
  locked,
}: Props<V>) {
  const { t } = useTranslation();
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const isNew = params.id === NEW;
  const id = isNew ? null : Number(params.id);

  const [item, setItem] = useState<Item | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [missing, setMissing] = useState(false);
  const [raw, setRaw] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  // Values and their validation live in the form library; "changed" is the values differing
  // from the ones last read or saved.
  const editor = useForm<V>({ mode: 'controlled', initialValues: empty() });
  const values = editor.values;
  const dirty = editor.isDirty();
  const heading = title ? title(values, isNew) : isNew ? t(`${def.name}.new`) : String(values.name ?? '');
  // The open tab lives in the URL (`tab`), so the way back from a record opened on a tab (a
  // nested list's row) returns to that tab.
  const location = useLocation();
  const backTo = useBackTo();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') ?? tabs[0]?.key ?? null;
  const setTab = useCallback(
    (key: string | null) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (!key || key === tabs[0]?.key) next.delete('tab');
          else next.set('tab', key);
          return next;
        },
        { replace: true, state: location.state },
      ),
    [setSearch, tabs, location.state],
  );
  const dirtyRef = useRef(false);
  dirtyRef.current = dirty;
  const blocker = useUnsavedGuard(dirtyRef, dirty);
  // Screens may pass a fresh function on every render; reading it through a ref keeps one load per id.
  const fromItemRef = useRef(fromItem);
  fromItemRef.current = fromItem;
  const editorRef = useRef(editor);
  editorRef.current = editor;
  /** Shows these values as the saved state: nothing is changed until the user edits again. */
  const reset = useCallback((next: V) => {
    editorRef.current.setInitialValues(next);
    editorRef.current.setValues(next);
    editorRef.current.clearErrors();
    setRaw([]);
  }, []);

  const load = useCallback(
    async (itemId: number, signal?: AbortSignal) => {
      setLoadFailed(false);
      setMissing(false);
      try {
        const found = await api.get<Item>(`${def.path}/${itemId}`, { signal, silent: true });
        setItem(found);
        const read = fromItemRef.current(found);
        // Edits made while the record was being read (the form stays on screen just after a save)
        // are kept and show as unsaved; otherwise the form shows the record as read.
        if (editorRef.current.isDirty()) editorRef.current.setInitialValues(read);
        else reset(read);
      } catch (error) {
        if (signal?.aborted) return;
        // No such record (or none the caller may see): the page does not exist.
        if (error instanceof ApiFailure && error.status === 404) {
          setMissing(true);
          return;
        }
        if (error instanceof ApiFailure) reportFailure(error);
        setLoadFailed(true);
      }
    },
    [def.path, reset],
  );

  useEffect(() => {
    if (id === null || Number.isNaN(id)) return;
    const controller = new AbortController();
    load(id, controller.signal);
    return () => controller.abort();
  }, [id, load]);

  const lockedBecause = id === null || Number.isNaN(id) ? null : (locked?.(id, item) ?? null);
  const needed = guardingRight(def, isNew ? 'x' : 'w');
  const readOnly = !can(needed.objClass, needed.right) || (!isNew && lockedBecause !== null);

  const set = useCallback(<K extends keyof V & string>(key: K, value: V[K]) => {
    const f = editorRef.current;
    f.setFieldValue(key, value as never);
    // A changed value drops its own messages and those of its rows.
    const kept = (field: string) => field !== key && !field.startsWith(`${key}.`);
    f.setErrors((old) => Object.fromEntries(Object.entries(old).filter(([field]) => kept(field))));
    setRaw((old) => old.filter((e) => kept(e.field)));
  }, []);

  // Messages are kept as the model or the API said them and translated when shown.
  const form: EditForm<V> = useMemo(
    () => ({
      values,
      set,
      error: (field: string) => {
        if (!(field in editor.errors)) return undefined;
        const found = raw.find((e) => e.field === field);
        return found ? translateMessage(t, found) : String(editor.errors[field]);
      },
      isNew,
      id,
      item,
      readOnly,
      reload: () => (id === null ? Promise.resolve() : load(id)),
    }),
    [values, set, editor.errors, raw, t, isNew, id, item, readOnly, load],
  );

  const allTabs: EditTab<V>[] = useMemo(
    () =>
      def.recordAcl
        ? [
            ...tabs,
            {
              key: 'permissions',
              label: t('kit.permissions'),
              savedOnly: true,
              render: (f) => (
                <AclTable path={`${def.path}/${f.id}/acl`} rights={['r', 'w', 'd']} readOnly={f.readOnly} />
              ),
            },
          ]
        : tabs,
    [tabs, def.recordAcl, def.path, t],
  );
  const visibleTabs = allTabs.filter((x) => (!x.savedOnly || !isNew) && (x.shownWhen?.(values) ?? true));
  // A tab the URL names that this record does not show (yet) opens the first one.
  const shownTab = visibleTabs.some((x) => x.key === tab) ? tab : (visibleTabs[0]?.key ?? null);

  const formRef = useRef<HTMLFormElement>(null);
  const [focusError, setFocusError] = useState(0);
  // After a failed save the failing tab has rendered; put the caret in its first invalid field.
  useEffect(() => {
    if (focusError === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  const showErrors = (found: FieldError[]) => {
    setRaw(found);
    editor.setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])) as FormErrors);
    setFocusError((n) => n + 1);
    // Stay on the current tab when it shows a failing field; otherwise open the first that does.
    const current = visibleTabs.find((x) => x.key === shownTab);
    if (current && found.some((e) => tabHolds(current, e.field))) return;
    const holder = visibleTabs.find((x) => found.some((e) => tabHolds(x, e.field)));
    if (holder) setTab(holder.key);
  };

  const schema = isNew ? (def.createInput ?? def.input) : def.input;
  /** The schema's verdict on the values as it takes them, then the screen's own checks. */
  const problems = (current: V): FieldError[] => {
    const checked = schema.safeParse(toInput ? toInput(current, isNew) : current);
    const found = checked.success ? [] : fieldErrors(checked.error);
    for (const p of check?.(current, item) ?? []) if (!found.some((e) => e.field === p.field)) found.push(p);
    return found;
  };

  const save = async () => {
    if (!isNew && !dirtyRef.current) return;
    const current = editor.getValues();
    const found = problems(current);
    if (found.length > 0) {
      showErrors(found);
      return;
    }
    const body = schema.parse(toInput ? toInput(current, isNew) : current);
    setSaving(true);
    try {
      if (isNew) {
        const created = await api.post<{ id: number }>(def.path, body);
        editor.resetDirty();
        dirtyRef.current = false;
        notifications.show({ color: 'green', message: t('kit.saved') });
        navigate(`../${created.id}`, { relative: 'path', replace: true, state: location.state });
      } else {
        await api.put(`${def.path}/${id}`, body);
        editor.resetDirty();
        dirtyRef.current = false;
        notifications.show({ color: 'green', message: t('kit.saved') });
        if (id !== null) await load(id);
      }
      await queryClient.invalidateQueries({ queryKey: [def.path] });
    } catch (error) {
      // The notification with the detail comes from api.ts; field errors go under the fields.
      if (error instanceof ApiFailure && error.body.fields?.length) showErrors(error.body.fields);
    } finally {
      setSaving(false);
    }
  };

  if (missing || (id !== null && Number.isNaN(id))) return <NotFoundPage />;
  if (loadFailed) {
    return (
      <Paper withBorder p="md">
        <LoadFailed onRetry={() => id !== null && load(id)}>
          <Anchor component={Link} to={backTo} relative="path" size="sm">
            {t('kit.backToList')}
          </Anchor>
        </LoadFailed>
      </Paper>
    );
  }
  if (!isNew && !item) return <ScreenLoader />;

  const failing = (x: EditTab<V>) => Object.keys(editor.errors).some((field) => tabHolds(x, field));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!readOnly && !saving) void save();
  };
  const saveShortcut = (event: React.KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      // Keep the browser's "save page" dialog away while the editor has focus.
      event.preventDefault();
      if (!readOnly && !saving) void save();
    }
  };

  return (
    <Paper withBorder p="md" component="form" ref={formRef} noValidate onSubmit={submit} onKeyDown={saveShortcut}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <BackToList />
          <Title order={3}>{heading}</Title>
          {dirty && (
            <Badge color="yellow" variant="light" size="sm">
              {t('kit.unsaved')}
            </Badge>
          )}
        </Group>
        {!readOnly && (
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={14} />}
            loading={saving}
            disabled={!isNew && !dirty}
            type="submit"
          >
            {t('kit.save')}
          </Button>
        )}
      </Group>
      {lockedBecause && (
        <Alert color="gray" mb="sm" icon={<IconLock size={16} />}>
          {lockedBecause}
        </Alert>
      )}
      <Tabs value={shownTab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {visibleTabs.map((x) => (
            <Tabs.Tab key={x.key} value={x.key} c={failing(x) ? 'red' : undefined}>
              {x.label ?? t(`${def.name}.tabs.${x.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {visibleTabs.map((x) => (
          <Tabs.Panel key={x.key} value={x.key}>
            {x.render(form)}
          </Tabs.Panel>
        ))}
      </Tabs>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title={t('kit.leaveTitle')}
        message={t('kit.leaveConfirm')}
        confirmLabel={t('kit.leave')}
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Paper>
  );
}
