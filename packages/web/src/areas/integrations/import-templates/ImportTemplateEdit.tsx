import { importTemplates } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { ResourceEdit as GenericEdit } from '../../../kit/edit/ResourceEdit';
import { TemplateMapping } from './TemplateMapping';
import { TemplateRun } from './TemplateRun';

/**
 * `/integrations/import-csv/new` and `/{id}`: name, queue and description; the file settings and
 * the mapping beside a sample file's first rows; once saved, importing a file with it.
 */
export function ImportTemplateEdit() {
  const { t } = useTranslation();
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () => [
      {
        key: 'mapping',
        label: t('importTemplates.tabs.mapping'),
        fields: ['parameters'],
        render: (form) => <TemplateMapping form={form} />,
      },
      savedTab('run', t('importTemplates.tabs.run'), (id, form) => (
        <TemplateRun id={id} queueType={(form.item?.sourceQueueType as number | null) ?? null} />
      )),
    ],
    [t],
  );
  return <GenericEdit def={importTemplates} extraTabs={extraTabs} />;
}
