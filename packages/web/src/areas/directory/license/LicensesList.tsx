import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { LICENSE_EXPIRY_FILTERS, type LicenseExpiryFilter, licenses } from '@switchboard/model';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session';
import type { Row } from '../../../kit/list/Cell';
import { ListScreen } from '../../../kit/list/ListScreen';
import { formatDateTime } from '../../../locale';
import { ImportLicenseDialog } from './ImportLicenseDialog';

const ALL = 'all';

/** The end date, with a warning line when the license has ended or ends within 30 days. */
function EndCell({ row }: { row: Row }) {
  const { t, i18n } = useTranslation();
  const till = typeof row.validTill === 'number' ? row.validTill : Number.NaN;
  const daysLeft = (till - Date.now()) / 86_400_000;
  const warning =
    daysLeft <= 0 ? t('licenses.expired') : daysLeft <= 30 ? t('licenses.daysLeft', { n: Math.ceil(daysLeft) }) : null;
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDateTime(row.notAfter, i18n.language)}</Text>
      {warning && (
        <Text size="xs" fw={600} c={daysLeft <= 0 ? 'red' : 'orange'}>
          {warning}
        </Text>
      )}
    </Stack>
  );
}

const cells = {
  notAfter: (row: Row) => <EndCell row={row} />,
  used: (row: Row) => `${row.used} / ${row.limit}`,
  competitive: (row: Row) => <CompetitiveCell value={row.competitive === true} />,
};

function CompetitiveCell({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return value ? t('licenses.concurrent') : t('licenses.named');
}

/**
 * `/directory/license`: the domain's licenses with an expiry filter (kept in the URL like the rest
 * of the list state) and, for holders of systemSetting, the import dialog.
 */
export function LicensesList() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [importing, setImporting] = useState(false);
  const raw = params.get('expiry');
  const expiry = (LICENSE_EXPIRY_FILTERS as readonly string[]).includes(raw ?? '')
    ? (raw as LicenseExpiryFilter)
    : null;
  const mayImport = user?.permissions.includes('systemSetting') ?? false;

  const setExpiry = (value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === ALL) next.delete('expiry');
      else next.set('expiry', value);
      // Another filter starts from the first page.
      next.delete('page');
      return next;
    });

  const toolbar = (
    <>
      <SegmentedControl
        size="xs"
        aria-label={t('licenses.expiry')}
        value={expiry ?? ALL}
        onChange={setExpiry}
        data={[
          { value: ALL, label: t('licenses.filter.all') },
          { value: 'expired', label: t('licenses.filter.expired') },
          { value: '30', label: t('licenses.filter.30') },
          { value: '90', label: t('licenses.filter.90') },
        ]}
      />
      {mayImport && (
        <Button size="xs" leftSection={<IconFileImport size={14} />} onClick={() => setImporting(true)}>
          {t('licenses.import')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <ListScreen
        def={licenses}
        title={t('licenses.title')}
        cells={cells}
        query={{ expiry: expiry ?? undefined }}
        toolbar={toolbar}
      />
      <ImportLicenseDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
