import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Table } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';

/** Rows that can be dragged to another row's place; `onMove` gets the dragged id and the target's. */
export function SortableBody({
  ids,
  onMove,
  children,
}: {
  ids: number[];
  onMove: (fromId: number, toId: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so clicks on the handle stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const end = (event: DragEndEvent) => {
    const { active, over } = event;
    if (over && active.id !== over.id) onMove(Number(active.id), Number(over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Table.Tbody>{children}</Table.Tbody>
      </SortableContext>
    </DndContext>
  );
}

/** One draggable row; its first cell is the drag handle. */
export function SortableRow({
  id,
  handleLabel,
  bg,
  children,
}: {
  id: number;
  handleLabel: string;
  bg?: string;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  };
  return (
    <Table.Tr ref={setNodeRef} style={style} bg={bg} data-row-id={id}>
      <Table.Td w={32}>
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          size="sm"
          color="gray"
          aria-label={handleLabel}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
      </Table.Td>
      {children}
    </Table.Tr>
  );
}
