import '@xyflow/react/dist/style.css';
import { Badge, Box, Group, Text, useComputedColorScheme } from '@mantine/core';
import {
  Background,
  Controls,
  type Edge,
  Handle,
  MarkerType,
  MiniMap,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  type ReactFlowInstance,
} from '@xyflow/react';
import { useMemo, useRef } from 'react';
import { type DiagramNode, layoutFlow, NODE_HEIGHT, NODE_WIDTH } from './layout';

type StepData = DiagramNode & Record<string, unknown>;
type StepNode = Node<StepData, 'step'>;

/** Below this zoom the step names get too small to read: a long flow opens at its top instead. */
const READABLE_ZOOM = 0.6;
const START_ZOOM = 0.85;
const PADDING = 24;
const JUMP_MARGIN = 24;
const DIAGRAM_HEIGHT = 640;

function StepCard({ data }: NodeProps<StepNode>) {
  return (
    <Box
      w={NODE_WIDTH}
      h={NODE_HEIGHT}
      px="xs"
      py={4}
      data-step={data.id}
      style={{
        border: `1px solid var(--mantine-color-${data.branch ? 'orange' : 'blue'}-5)`,
        borderRadius: 6,
        background: 'var(--mantine-color-body)',
        overflow: 'hidden',
      }}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600} truncate>
          {data.app}
        </Text>
        {data.tag && (
          <Badge size="xs" variant="light" color="grape">
            {data.tag}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate ff="monospace">
        {data.detail || '\u00a0'}
      </Text>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
      {/* Jumps leave and land on the right side, so they loop around the column instead of through it. */}
      <Handle id="jump-out" type="source" position={Position.Right} isConnectable={false} />
      <Handle id="jump-in" type="target" position={Position.Right} isConnectable={false} />
    </Box>
  );
}

const nodeTypes = { step: StepCard };

/**
 * The schema as a diagram (@xyflow/react): steps top-down, branches side by side, goto jumps
 * dashed. Read-only: the schema is edited as code. Loaded only when the diagram is shown.
 */
export function FlowDiagram({ schema, label }: { schema: unknown; label: string }) {
  const diagram = useMemo(() => layoutFlow(schema), [schema]);
  const box = useRef<HTMLDivElement>(null);
  const colorMode = useComputedColorScheme('light');
  const nodes = useMemo<StepNode[]>(
    () =>
      diagram.nodes.map((n) => ({
        id: n.id,
        type: 'step',
        position: { x: n.x, y: n.y },
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        data: n as StepData,
        draggable: false,
        connectable: false,
      })),
    [diagram],
  );
  const edges = useMemo<Edge[]>(() => {
    const right = new Map(diagram.nodes.map((n) => [n.id, n.x + NODE_WIDTH]));
    // A jump loops just outside the widest part of the diagram, clear of every branch.
    const jumpOffset = (source: string, target: string) =>
      diagram.width - Math.max(right.get(source) ?? 0, right.get(target) ?? 0) + JUMP_MARGIN;
    return diagram.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      label: e.label ?? undefined,
      type: 'smoothstep',
      sourceHandle: e.kind === 'goto' ? 'jump-out' : undefined,
      targetHandle: e.kind === 'goto' ? 'jump-in' : undefined,
      pathOptions: e.kind === 'goto' ? { offset: jumpOffset(e.source, e.target) } : undefined,
      animated: e.kind === 'goto',
      style: e.kind === 'goto' ? { strokeDasharray: '6 4' } : undefined,
      markerEnd: { type: MarkerType.ArrowClosed },
    }));
  }, [diagram]);
  // The first view: the whole flow when it fits at a readable size, else its top at a readable
  // zoom (the minimap and "fit view" show the rest).
  const init = (flow: ReactFlowInstance<StepNode, Edge>) => {
    const width = box.current?.clientWidth ?? 800;
    const height = box.current?.clientHeight ?? DIAGRAM_HEIGHT;
    const fit = Math.min(1, (width - 2 * PADDING) / diagram.width, (height - 2 * PADDING) / diagram.height);
    const zoom = fit >= READABLE_ZOOM ? fit : START_ZOOM;
    const x = (width - diagram.width * zoom) / 2;
    const y = fit >= READABLE_ZOOM ? (height - diagram.height * zoom) / 2 : PADDING;
    flow.setViewport({ x, y, zoom });
  };
  return (
    <Box
      ref={box}
      h={DIAGRAM_HEIGHT}
      data-flow-diagram
      aria-label={label}
      style={{ border: '1px solid var(--mantine-color-default-border)' }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onInit={init}
        minZoom={0.1}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        // The minimap, the zoom controls and the background follow the console's light or dark theme.
        colorMode={colorMode}
      >
        <Background />
        <Controls showInteractive={false} />
        <MiniMap
          pannable
          zoomable
          nodeColor={(n) =>
            (n.data as StepData).branch ? 'var(--mantine-color-orange-4)' : 'var(--mantine-color-blue-4)'
          }
        />
      </ReactFlow>
    </Box>
  );
}
