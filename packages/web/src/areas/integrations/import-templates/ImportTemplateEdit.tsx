import { importTemplates } from '@switchboard/model';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { ResourceEdit as GenericEdit } from '../../../kit/edit/ResourceEdit';
import { TemplateMapping } from './TemplateMapping';
import { TemplateRun } from './TemplateRun';

const EXTRA_TABS: EditTab<FormValues>[] = [
  { key: 'mapping', fields: ['parameters'], render: (form) => <TemplateMapping form={form} /> },
  savedTab('run', (id, form) => (
    <TemplateRun id={id} queueType={(form.item?.sourceQueueType as number | null) ?? null} />
  )),
];

/**
 * `/integrations/import-csv/new` and `/{id}`: name, queue and description; the file settings and
 * the mapping beside a sample file's first rows; once saved, importing a file with it.
 */
export function ImportTemplateEdit() {
  return <GenericEdit def={importTemplates} extraTabs={EXTRA_TABS} />;
}
