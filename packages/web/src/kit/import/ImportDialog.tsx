import { Alert, Button, Group, Stack } from '@mantine/core';
import { type ImportItem, importRunning, type ResourceDef } from '@switchboard/model';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../app/api';
import { notifySuccess } from '../../app/notify';
import { formatCount } from '../../locale';
import { Dialog } from '../Dialog';
import { translateFailure } from '../messages';
import { ImportProgress } from './ImportProgress';
import { ImportResult } from './ImportResult';
import { ImportSetup } from './ImportSetup';
import { cancelImport, recentImports, type UploadOptions, uploadImport } from './import-api';
import { useImportFollow } from './useImportFollow';

type Props = {
  /** A resource whose definition declares `import`. */
  def: ResourceDef;
  /** API path of the list, the parent's id filled in (`/call_center/list/12/communication`). */
  path: string;
  /** The parent record of a nested list. */
  parentId?: number | null;
  opened: boolean;
  onClose: () => void;
  /** The list read again: the import has ended and may have changed it. */
  onDone: () => void;
};

const failureText = (t: Parameters<typeof translateFailure>[0], error: unknown) =>
  error instanceof ApiFailure
    ? error.status === 0
      ? t('common.networkError')
      : translateFailure(t, error.body, error.message)
    : String(error);

/**
 * CSV import into a list: choose a file and how to read it (preview, columns, mode), then follow
 * the server's import live to its end and show its report. Closing the dialog leaves the import
 * running; reopening it shows the one still under way.
 */
export function ImportDialog({ def, path, parentId = null, opened, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [resumed, setResumed] = useState(false);

  const onEnd = (ended: ImportItem) => {
    if (ended.mode === 'dry') return;
    if (ended.state === 'done') notifySuccess(t('imports.done', { n: formatCount(ended.rowsLoaded, i18n.language) }));
    onDone();
  };
  const { item, report, follow, reset, take } = useImportFollow(onEnd);

  // Reopened with nothing on screen: an import of this list started earlier may still run.
  useEffect(() => {
    if (!opened || item) return;
    let live = true;
    recentImports(def.name, parentId).then(
      (answer) => {
        const running = answer.items.find((i) => importRunning(i.state));
        if (live && running) {
          setResumed(true);
          follow(running);
        }
      },
      () => {
        // Nothing to resume.
      },
    );
    return () => {
      live = false;
    };
  }, [opened, item, def.name, parentId, follow]);

  const start = async (file: File, options: UploadOptions) => {
    setUploading(true);
    setError(null);
    try {
      follow(await uploadImport(path, file, file.name, options));
    } catch (failure) {
      setError(failureText(t, failure));
    } finally {
      setUploading(false);
    }
  };

  const cancel = async () => {
    if (!item) return;
    setCancelling(true);
    setError(null);
    // Once asked, the import stops after its current chunk: the button stays busy until then.
    try {
      take(await cancelImport(item.id));
    } catch (failure) {
      setError(failureText(t, failure));
      setCancelling(false);
    }
  };

  const again = () => {
    setError(null);
    setCancelling(false);
    setResumed(false);
    reset();
  };

  const spec = def.import;
  if (!spec) return null;
  const running = item !== null && importRunning(item.state);
  // An import still running is shown again on reopening; an ended one gives way to a new file.
  const close = () => {
    if (!running) again();
    onClose();
  };

  return (
    <Dialog opened={opened} onClose={close} title={t('imports.title')} size="xl">
      {!item && <ImportSetup spec={spec} busy={uploading} error={error} onStart={start} />}
      {item && (
        <Stack gap="sm">
          {resumed && running && (
            <Alert color="blue" variant="light">
              {t('imports.resumed')}
            </Alert>
          )}
          {running ? (
            <ImportProgress item={item} cancelling={cancelling} onCancel={cancel} />
          ) : (
            <ImportResult item={item} report={report} />
          )}
          {error && (
            <Alert color="red" variant="light" data-testid="import-error">
              {error}
            </Alert>
          )}
          {!running && (
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={again}>
                {t('imports.another')}
              </Button>
              <Button size="xs" onClick={close}>
                {t('imports.close')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Dialog>
  );
}
