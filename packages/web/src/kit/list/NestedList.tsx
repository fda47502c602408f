import { nestedPath, type ResourceDef } from '@switchboard/model';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from './ListScreen';

type Props = Omit<ComponentProps<typeof ListScreen>, 'def' | 'title' | 'path' | 'parentId' | 'ns' | 'embedded'> & {
  /** A nested resource (`parent` in its definition). */
  def: ResourceDef;
  parentId: number;
  /** Defaults to `<resource>.title`. */
  title?: string;
};

/**
 * The records of a nested resource under one parent record, as a tab of the parent's editor. Its
 * page, sort, search and filters live in the URL under the resource's name (`blacklistNumbers.page`),
 * beside the editor's own state; rows open at `{parentId}/{id}` below the editor, and Add at
 * `{parentId}/new`. Buttons follow the rights the server checks, the parent's where it guards.
 */
export function NestedList({ def, parentId, title, ...rest }: Props) {
  const { t } = useTranslation();
  if (!def.parent) throw new Error(`${def.name} is not nested`);
  return (
    <ListScreen
      {...rest}
      def={def}
      path={nestedPath(def, parentId)}
      parentId={parentId}
      ns={def.name}
      embedded
      title={title ?? t(`${def.name}.title`)}
    />
  );
}
