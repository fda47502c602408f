import {
  blacklistNumbers,
  blacklistNumbersPath,
  devices,
  type ImportItem,
  messages,
  type ResourceDef,
} from '@switchboard/model';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi, renderRoutes } from '../test-utils';
import { ImportDialog } from './ImportDialog';

const notifySuccess = vi.hoisted(() => vi.fn());
vi.mock('../../app/notify', async (original) => ({
  ...(await original<typeof import('../../app/notify')>()),
  notifySuccess,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  notifySuccess.mockReset();
});

const path = blacklistNumbersPath(7);

const importItem = (over: Partial<ImportItem> = {}): ImportItem => ({
  id: 41,
  resource: 'blacklistNumbers',
  parentId: 7,
  fileName: 'numbers.csv',
  bytes: 1000,
  mode: 'all',
  charset: 'utf-8',
  separator: ';',
  header: true,
  mapping: null,
  state: 'queued',
  phase: null,
  bytesRead: 0,
  rowsRead: 0,
  rowsToLoad: 0,
  rowsLoaded: 0,
  rowsFailed: 0,
  rowsSkipped: 0,
  error: null,
  errorKey: null,
  errorParams: null,
  createdAt: '2026-01-01T00:00:00Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

function renderDialog(def: ResourceDef = blacklistNumbers, listPath = path, onDone = vi.fn()) {
  renderRoutes(
    [
      {
        path: '/',
        element: <ImportDialog def={def} path={listPath} parentId={7} opened onClose={() => {}} onDone={onDone} />,
      },
    ],
    '/',
  );
  return onDone;
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

const CSV = [
  'Expires;NUMBER;note',
  '2030-01-01;380441;"first; quoted"',
  ';380442;second',
  ';380443;third',
  ';380444;fourth',
  ';380445;fifth',
  ';380446;sixth',
].join('\n');

/** Answers the list's recent imports (none) and whatever `rest` answers. */
const withRecent = (rest: (c: Call) => ReturnType<Parameters<typeof fakeApi>[0]>) => (c: Call) =>
  c.method === 'GET' && c.path === '/imports' ? { body: { items: [] } } : rest(c);

describe('ImportDialog', () => {
  it('previews the first five rows with the separator it guessed and maps the columns by the header', async () => {
    fakeApi(withRecent(() => undefined));
    renderDialog();
    await userEvent.upload(fileInput(), new File([CSV], 'numbers.csv', { type: 'text/csv' }));

    const preview = await screen.findByRole('table', { name: 'Preview of the first rows' });
    const rows = within(preview).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Expires', 'NUMBER', 'note'],
      ['2030-01-01', '380441', 'first; quoted'],
      ['', '380442', 'second'],
      ['', '380443', 'third'],
      ['', '380444', 'fourth'],
      ['', '380445', 'fifth'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Separator' })).toHaveValue('Semicolon ( ; )');
    expect(screen.getByRole('switch', { name: 'The first row is a header' })).toBeChecked();
    // Number by its name in another case, "expires" by the alias of expireAt; nothing names the description.
    expect(screen.getByRole('combobox', { name: /^Number/ })).toHaveValue('NUMBER');
    expect(screen.getByRole('combobox', { name: /^Expires at/ })).toHaveValue('Expires');
    expect(screen.getByRole('combobox', { name: /^Description/ })).toHaveValue('');

    // Read with commas, the same file is one column and the header names nothing.
    await userEvent.click(screen.getByRole('combobox', { name: 'Separator' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Comma ( , )', hidden: true }));
    await waitFor(() =>
      expect(
        within(preview)
          .getAllByRole('columnheader')
          .map((c) => c.textContent),
      ).toEqual(['Expires;NUMBER;note']),
    );
    expect(screen.getByRole('combobox', { name: /^Number/ })).toHaveValue('');
    expect(screen.getByText('Choose a column for: Number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start import' })).toBeDisabled();
  });

  it('sends the options before the file as multipart, then shows the progress of the import it got', async () => {
    const checking = importItem({ state: 'running', phase: 'checking', bytesRead: 250, rowsRead: 40, rowsFailed: 3 });
    // The import stays in its checking phase until the test has seen it there: a poll answered
    // before that (a busy machine) would otherwise skip the phase under test.
    let checked = false;
    const api = fakeApi(
      withRecent((c) => {
        if (c.method === 'POST' && c.path === `${path}/import`) return { status: 202, body: checking };
        if (c.method === 'GET' && c.path === '/imports/41' && !checked) return { body: checking };
        if (c.method === 'GET' && c.path === '/imports/41')
          return {
            body: importItem({
              state: 'running',
              phase: 'loading',
              bytesRead: 1000,
              rowsRead: 160,
              rowsToLoad: 150,
              rowsLoaded: 60,
            }),
          };
        return undefined;
      }),
    );
    renderDialog();
    await userEvent.upload(fileInput(), new File([CSV], 'numbers.csv', { type: 'text/csv' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Skip bad rows/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));

    await waitFor(() => expect(api.of('POST', `${path}/import`)).toHaveLength(1));
    const form = api.of('POST', `${path}/import`)[0].form as FormData;
    expect([...form.keys()]).toEqual(['mode', 'charset', 'separator', 'header', 'mapping', 'file']);
    expect(form.get('mode')).toBe('skip');
    expect(form.get('charset')).toBe('utf-8');
    expect(form.get('separator')).toBe(';');
    expect(form.get('header')).toBe('true');
    expect(JSON.parse(form.get('mapping') as string)).toEqual({ number: 1, expireAt: 0 });
    const file = form.get('file') as File;
    expect(file.name).toBe('numbers.csv');
    expect(await file.text()).toBe(CSV);

    // Checking: a quarter of the bytes read.
    const bar = await screen.findByRole('progressbar', { name: 'Checking rows' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    const progress = screen.getByTestId('import-progress');
    expect(progress).toHaveTextContent('Read: 40');
    expect(progress).toHaveTextContent('With errors: 3');
    // A later poll: loading, 60 of 150 rows.
    checked = true;
    const loading = await screen.findByRole('progressbar', { name: 'Loading rows' });
    expect(loading).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('import-progress')).toHaveTextContent('Loaded: 60');
  });

  it('shows the failure in the user language, the first rows of the report, and the report download', async () => {
    const failed = importItem({
      state: 'failed',
      rowsRead: 3,
      rowsFailed: 2,
      error: '2 of 3 rows have errors; nothing was imported.',
      errorKey: 'importRowsRefused',
      errorParams: { failed: 2, rows: 3 },
    });
    const onDone = vi.fn();
    const api = fakeApi(
      withRecent((c) => {
        if (c.method === 'POST' && c.path === '/devices/import')
          return { status: 202, body: importItem({ resource: 'devices' }) };
        if (c.method === 'GET' && c.path === '/imports/41') return { body: failed };
        if (c.method === 'GET' && c.path === '/imports/41/errors')
          return {
            body: {
              items: [
                { line: 3, field: 'ip', message: messages.ipv4 },
                { line: 4, field: 'account', message: messages.required },
              ],
              next: false,
            },
          };
        return undefined;
      }),
    );
    renderDialog(devices, '/devices', onDone);
    await userEvent.upload(fileInput(), new File(['account,ip\na,1.1.1.1\nb,1.1.1.999\n,2.2.2.2\n'], 'devices.csv'));
    await userEvent.click(await screen.findByRole('button', { name: 'Start import' }));

    expect(await screen.findByText('Import failed')).toBeInTheDocument();
    expect(screen.getByTestId('import-reason')).toHaveTextContent('2 of 3 rows have errors; nothing was imported.');
    const report = await screen.findByRole('table', { name: 'Rows with errors' });
    const cells = within(report)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['3', 'IP address', messages.ipv4],
      ['4', 'Account', messages.required],
    ]);
    expect(api.of('GET', '/imports/41/errors')[0].query.get('size')).toBe('50');
    expect(screen.getByRole('button', { name: 'Download report (CSV)' })).toBeInTheDocument();
    // The list is read again; no success is announced for a failure.
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('announces the rows imported when done, and says a dry run would load them without announcing', async () => {
    let mode: ImportItem['mode'] = 'all';
    fakeApi(
      withRecent((c) => {
        if (c.method === 'POST') return { status: 202, body: importItem({ mode }) };
        if (c.method === 'GET' && c.path === '/imports/41')
          return {
            body: importItem({ mode, state: 'done', rowsRead: 6, rowsToLoad: 6, rowsLoaded: mode === 'dry' ? 0 : 6 }),
          };
        return undefined;
      }),
    );
    const onDone = renderDialog();
    await userEvent.upload(fileInput(), new File([CSV], 'numbers.csv'));
    await userEvent.click(await screen.findByRole('button', { name: 'Start import' }));
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(notifySuccess).toHaveBeenCalledWith('Imported 6 rows');
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Download report (CSV)' })).not.toBeInTheDocument();

    mode = 'dry';
    await userEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    await userEvent.upload(fileInput(), new File([CSV], 'numbers.csv'));
    await userEvent.click(await screen.findByRole('radio', { name: /Dry run/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText('Dry run finished: nothing was changed')).toBeInTheDocument();
    expect(screen.getByText('Would load:')).toBeInTheDocument();
    expect(screen.getByTestId('import-loaded')).toHaveTextContent('6');
    expect(notifySuccess).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the server refusal of a cancel', async () => {
    const api = fakeApi(
      withRecent((c) => {
        if (c.method === 'POST' && c.path === `${path}/import`)
          return { status: 202, body: importItem({ state: 'running', phase: 'loading', rowsToLoad: 10 }) };
        if (c.method === 'GET' && c.path === '/imports/41')
          return { body: importItem({ state: 'running', phase: 'loading', rowsToLoad: 10, rowsLoaded: 5 }) };
        if (c.method === 'POST' && c.path === '/imports/41/cancel')
          return {
            status: 409,
            body: {
              id: 'app.imports.conflict',
              code: 409,
              detail: 'The import is loading its rows and can no longer be cancelled.',
              key: 'errors.importLoading',
            },
          };
        return undefined;
      }),
    );
    renderDialog();
    await userEvent.upload(fileInput(), new File([CSV], 'numbers.csv'));
    await userEvent.click(await screen.findByRole('button', { name: 'Start import' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      'The import is loading its rows and can no longer be cancelled.',
    );
    expect(api.of('POST', '/imports/41/cancel')).toHaveLength(1);
  });

  it('says why an upload was refused, in the user language, and stays on the first step', async () => {
    fakeApi(
      withRecent((c) =>
        c.method === 'POST' && c.path === `${path}/import`
          ? {
              status: 413,
              body: {
                id: 'app.imports.too_large',
                code: 413,
                detail: 'The file is larger than 1000 bytes.',
                key: 'errors.importTooLarge',
                params: { max: 1000 },
              },
            }
          : undefined,
      ),
    );
    renderDialog();
    await userEvent.upload(fileInput(), new File([CSV], 'numbers.csv'));
    await userEvent.click(await screen.findByRole('button', { name: 'Start import' }));
    expect(await screen.findByTestId('import-error')).toHaveTextContent('The file is larger than 1000 bytes.');
    expect(screen.getByRole('button', { name: 'Start import' })).toBeEnabled();
  });

  it('takes progress from live events, and reads the end in full for its reason', async () => {
    const sources: { url: string; emit: (type: string, data: unknown) => void }[] = [];
    class FakeEventSource {
      static CLOSED = 2;
      readyState = 0;
      onopen = null;
      onerror = null;
      private handlers = new Map<string, (e: { data: string }) => void>();
      constructor(readonly url: string) {
        sources.push({ url, emit: (type, data) => this.handlers.get(type)?.({ data: JSON.stringify(data) }) });
      }
      addEventListener(type: string, fn: (e: { data: string }) => void) {
        this.handlers.set(type, fn);
      }
      close() {
        this.readyState = 2;
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    localStorage.setItem('access-token', 'tok');
    let ended = false;
    const stopped = importItem({
      state: 'failed',
      rowsRead: 10,
      error: 'The import stopped on an error: disk full',
      errorKey: 'errors.importStopped',
      errorParams: { reason: 'disk full' },
    });
    fakeApi(
      withRecent((c) => {
        if (c.method === 'POST') return { status: 202, body: importItem() };
        if (c.method === 'GET' && c.path === '/imports/41') return { body: ended ? stopped : importItem() };
        return undefined;
      }),
    );
    renderDialog();
    await userEvent.upload(fileInput(), new File([CSV], 'numbers.csv'));
    await userEvent.click(await screen.findByRole('button', { name: 'Start import' }));
    await screen.findByTestId('import-progress');
    await waitFor(() => expect(sources.at(-1)?.url).toContain('topics=imports'));
    const live = sources.at(-1)!;
    live.emit('imports', { id: 41, state: 'running', phase: 'checking', bytesRead: 500, rowsRead: 10, rowsFailed: 0 });
    expect(await screen.findByRole('progressbar', { name: 'Checking rows' })).toHaveAttribute('aria-valuenow', '50');
    // Another user's import is not this one.
    live.emit('imports', { id: 99, state: 'running', phase: 'loading', rowsToLoad: 10, rowsLoaded: 9 });
    expect(screen.getByRole('progressbar', { name: 'Checking rows' })).toBeInTheDocument();
    ended = true;
    live.emit('imports', { id: 41, state: 'failed', phase: null, bytesRead: 500, rowsRead: 10, rowsFailed: 0 });
    expect(await screen.findByTestId('import-reason')).toHaveTextContent('The import stopped on an error: disk full');
  });

  it('follows an import of the list still running when opened', async () => {
    const api = fakeApi((c) => {
      if (c.method === 'GET' && c.path === '/imports')
        return { body: { items: [importItem({ state: 'running', phase: 'checking', bytesRead: 500 })] } };
      if (c.method === 'GET' && c.path === '/imports/41')
        return { body: importItem({ state: 'running', phase: 'checking', bytesRead: 500 }) };
      return undefined;
    });
    renderDialog();
    expect(await screen.findByText('An import you started earlier is still running.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checking rows' })).toHaveAttribute('aria-valuenow', '50');
    const recent = api.of('GET', '/imports')[0];
    expect(recent.query.get('resource')).toBe('blacklistNumbers');
    expect(recent.query.get('parentId')).toBe('7');
  });
});
