import { Button } from '@mantine/core';
import { devices } from '@switchboard/model';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiUrl, getToken, queryString } from '../../../app/api';
import { notifyError } from '../../../app/notify';
import { searchTerm } from '../../../kit/list/useListState';

/**
 * Downloads the devices as CSV with the list's current search and sort; the server applies the
 * record permissions. The file comes through fetch (the token travels in a header), then is saved.
 */
export function DeviceExport() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const query = { q: searchTerm(params.get('q') ?? ''), sort: params.get('sort') || devices.defaultSort };
      const res = await fetch(apiUrl(`/devices/export${queryString(query)}`), {
        headers: { Authorization: `Bearer ${getToken() ?? ''}` },
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'devices.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      notifyError(t('devices.exportFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="xs" variant="default" leftSection={<IconFileExport size={14} />} loading={busy} onClick={download}>
      {t('devices.export')}
    </Button>
  );
}
