import type { ResourceDef } from '@switchboard/model';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from './ListScreen';

type Props = Omit<ComponentProps<typeof ListScreen>, 'title'> & { def: ResourceDef };

/** The list screen of a resource titled by its `<resource>.title` key. */
export function ResourceList(props: Props) {
  const { t } = useTranslation();
  return <ListScreen {...props} title={t(`${props.def.name}.title`)} />;
}
