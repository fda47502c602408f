import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Where a delete the server would refuse would be: a lock that says why (hover or focus). */
export function Kept({ reason }: { reason: string }) {
  return (
    <Tooltip label={reason} multiline w={320} withArrow>
      <ActionIcon
        component="span"
        role="img"
        tabIndex={0}
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={reason}
        data-testid="row-kept"
      >
        <IconLock size={14} />
      </ActionIcon>
    </Tooltip>
  );
}
