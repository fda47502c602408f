import { Button, Code } from '@mantine/core';
import type { FlowVersion } from '@switchboard/model';
import { IconRestore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useRowConfirm } from '../../../kit/ConfirmDialog';
import { PagedList, usePaged } from '../../../kit/list/PagedList';
import { formatDateTime } from '../../../locale';

const PREVIEW_MAX = 80;

/** The flow's kept schemas, newest first; restoring one saves it (keeping the current one too). */
export function FlowVersions({
  flowId,
  readOnly,
  onRestored,
}: {
  flowId: number;
  readOnly: boolean;
  onRestored: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const path = `/routing/schema/${flowId}/versions`;
  const paged = usePaged<FlowVersion>(path);

  const restore = useRowConfirm(
    async (version: FlowVersion) => {
      await api.post(`${path}/${version.id}/restore`, {});
      await onRestored();
      await queryClient.invalidateQueries({ queryKey: [path] });
    },
    (version) => ({
      title: t('flows.versions.restoreTitle'),
      message: t('flows.versions.restoreConfirm', { version: version?.version ?? '' }),
      confirmLabel: t('flows.versions.restore'),
    }),
  );

  const preview = (schema: unknown) => {
    const text = JSON.stringify(schema);
    return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
  };

  return (
    <>
      <PagedList
        {...paged}
        empty={t('flows.versions.empty')}
        columns={[
          { key: 'version', label: t('flows.versions.version'), render: (v) => v.version },
          {
            key: 'savedAt',
            label: t('flows.versions.savedAt'),
            render: (v) => formatDateTime(v.savedAt, i18n.language),
          },
          { key: 'savedBy', label: t('flows.versions.savedBy'), render: (v) => v.savedBy?.name ?? '' },
          { key: 'schema', label: t('flows.tabs.schema'), render: (v) => <Code>{preview(v.schema)}</Code> },
          {
            key: 'restore',
            render: (v) =>
              !readOnly && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRestore size={14} />}
                  onClick={() => restore.ask(v)}
                >
                  {t('flows.versions.restore')}
                </Button>
              ),
          },
        ]}
      />
      {restore.dialog}
    </>
  );
}
