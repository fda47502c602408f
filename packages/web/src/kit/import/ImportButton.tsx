import { Button } from '@mantine/core';
import type { ResourceDef } from '@switchboard/model';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from './ImportDialog';

type Props = { def: ResourceDef; path: string; parentId?: number | null; onDone: () => void };

/** The Import button of a list toolbar and its dialog (the dialog keeps following an import after closing). */
export function ImportButton(props: Props) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconFileImport size={14} />} onClick={() => setOpened(true)}>
        {t('imports.open')}
      </Button>
      <ImportDialog {...props} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
