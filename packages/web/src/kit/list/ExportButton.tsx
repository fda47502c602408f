import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, apiUrl, getToken, queryString, reportFailure } from '../../app/api';

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
 * the record permissions. Fetched rather than linked, so the token travels in a header and not
 * in a URL that history and logs keep.
 */
export function ExportButton({ path, name, query }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(apiUrl(`${path}/export.csv${queryString(query)}`), {
        headers: { Authorization: `Bearer ${getToken() ?? ''}` },
      });
      if (!res.ok) {
        reportFailure(new ApiFailure(res.status, await res.json().catch(() => ({ message: t('kit.exportFailed') }))));
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `${name}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      reportFailure(new ApiFailure(0, { message: t('kit.exportFailed') }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="xs" variant="default" leftSection={<IconFileExport size={14} />} loading={busy} onClick={download}>
      {t('kit.export')}
    </Button>
  );
}
