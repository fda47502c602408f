import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../download';

type Props = {
  /** API path of the list; the file comes from `{path}/export.csv`. */
  path: string;
  /** Name of the saved file, without `.csv`. */
  name: string;
  /** The list's current search, sort and filters. */
  query: Record<string, unknown>;
};

/**
 * Downloads the whole list as CSV with its current search, sort and filters; the server applies
 * the record permissions.
 */
export function ExportButton({ path, name, query }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    await downloadFile(`${path}/export.csv`, `${name}.csv`, t('kit.exportFailed'), query);
    setBusy(false);
  };

  return (
    <Button size="xs" variant="default" leftSection={<IconFileExport size={14} />} loading={busy} onClick={download}>
      {t('kit.export')}
    </Button>
  );
}
