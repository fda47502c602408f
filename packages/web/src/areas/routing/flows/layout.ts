/**
 * The flow diagram's layout: a flow schema is an array of steps, each an object whose one key
 * (besides `tag`) names the application, e.g. `{"answer": {}}`. Branching applications:
 * `{"if": {"expression", "then": [...], "else": [...]}}` and
 * `{"switch": {"variable", "case": {"a": [...], "default": [...]}}}`; `{"goto": "tag"}` jumps to the
 * step carrying `"tag": "tag"`. Steps run top-down; the branches of a step sit side by side under
 * it and join again at the next step.
 */

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 56;
export const GAP_X = 40;
export const GAP_Y = 36;
const DETAIL_MAX = 48;

export type DiagramNode = {
  /** Path of the step in the schema: `3`, `3.then.0`, `5.case.a.1`. */
  id: string;
  app: string;
  /** A short summary of the step's arguments. */
  detail: string;
  tag: string | null;
  branch: boolean;
  x: number;
  y: number;
};

export type DiagramEdge = {
  id: string;
  source: string;
  target: string;
  label: string | null;
  kind: 'next' | 'branch' | 'goto';
};

export type Diagram = { nodes: DiagramNode[]; edges: DiagramEdge[]; width: number; height: number };

type Exit = { id: string; label: string | null };
type Block = {
  width: number;
  height: number;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  entry: string | null;
  exits: Exit[];
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The application a step runs: its first key other than `tag`. */
export function appOf(step: unknown): string {
  if (!isObject(step)) return typeof step === 'string' ? step : '?';
  return Object.keys(step).find((k) => k !== 'tag') ?? '?';
}

function short(text: string): string {
  return text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text;
}

function detailOf(app: string, args: unknown): string {
  if (app === 'if' && isObject(args)) return short(String(args.expression ?? ''));
  if (app === 'switch' && isObject(args)) return short(String(args.variable ?? ''));
  if (typeof args === 'string' || typeof args === 'number' || typeof args === 'boolean') return short(String(args));
  if (args === null || args === undefined) return '';
  const text = JSON.stringify(args);
  return text === '{}' || text === '[]' ? '' : short(text);
}

/** The branches of a branching step, in order, each with its label and steps. */
export function branchesOf(app: string, args: unknown): [string, unknown[]][] | null {
  if (app === 'if' && isObject(args)) {
    return [
      ['then', Array.isArray(args.then) ? args.then : []],
      ['else', Array.isArray(args.else) ? args.else : []],
    ];
  }
  if (app === 'switch' && isObject(args) && isObject(args.case)) {
    return Object.entries(args.case).map(([k, v]) => [k, Array.isArray(v) ? v : []]);
  }
  return null;
}

const moved = (nodes: DiagramNode[], dx: number, dy: number) => nodes.map((n) => ({ ...n, x: n.x + dx, y: n.y + dy }));

function edge(source: string, target: string, label: string | null, kind: DiagramEdge['kind']): DiagramEdge {
  return { id: `${kind}:${source}->${target}:${label ?? ''}`, source, target, label, kind };
}

function stepBlock(step: unknown, id: string): Block {
  const app = appOf(step);
  const args = isObject(step) ? step[app] : undefined;
  const tag = isObject(step) && typeof step.tag === 'string' ? step.tag : null;
  const branches = branchesOf(app, args);
  const node: DiagramNode = { id, app, detail: detailOf(app, args), tag, branch: branches !== null, x: 0, y: 0 };
  if (!branches) {
    // A goto hands the call over to its target: nothing follows it in the sequence.
    const exits = app === 'goto' ? [] : [{ id, label: null }];
    return { width: NODE_WIDTH, height: NODE_HEIGHT, nodes: [node], edges: [], entry: id, exits };
  }
  // Branch paths follow the schema: `if` steps under `then`/`else`, `switch` steps under `case.<value>`.
  const blocks = branches.map(([label, steps]) => ({
    label,
    block: sequenceBlock(steps, app === 'switch' ? `${id}.case.${label}` : `${id}.${label}`),
  }));
  const inner =
    blocks.reduce((w, b) => w + Math.max(b.block.width, NODE_WIDTH), 0) + GAP_X * Math.max(0, blocks.length - 1);
  const width = Math.max(NODE_WIDTH, inner);
  const nodes: DiagramNode[] = [{ ...node, x: (width - NODE_WIDTH) / 2 }];
  const edges: DiagramEdge[] = [];
  const exits: Exit[] = [];
  let x = (width - inner) / 2;
  let tallest = 0;
  for (const { label, block } of blocks) {
    const slot = Math.max(block.width, NODE_WIDTH);
    nodes.push(...moved(block.nodes, x + (slot - block.width) / 2, NODE_HEIGHT + GAP_Y));
    edges.push(...block.edges);
    if (block.entry) {
      edges.push(edge(id, block.entry, label, 'branch'));
      exits.push(...block.exits);
    } else {
      // An empty branch goes straight on to whatever follows the branching step.
      exits.push({ id, label });
    }
    tallest = Math.max(tallest, block.height);
    x += slot + GAP_X;
  }
  return { width, height: NODE_HEIGHT + (tallest ? GAP_Y + tallest : 0), nodes, edges, entry: id, exits };
}

function sequenceBlock(steps: readonly unknown[], prefix: string): Block {
  const blocks = steps.map((s, i) => stepBlock(s, prefix ? `${prefix}.${i}` : String(i)));
  const width = blocks.reduce((w, b) => Math.max(w, b.width), 0);
  const nodes: DiagramNode[] = [];
  const edges: DiagramEdge[] = [];
  let y = 0;
  let exits: Exit[] = [];
  blocks.forEach((block, i) => {
    if (i > 0) y += GAP_Y;
    nodes.push(...moved(block.nodes, (width - block.width) / 2, y));
    edges.push(...block.edges);
    if (block.entry) for (const e of exits) edges.push(edge(e.id, block.entry, e.label, 'next'));
    exits = block.exits;
    y += block.height;
  });
  return { width, height: y, nodes, edges, entry: blocks[0]?.entry ?? null, exits };
}

/** Lays a schema out; a schema that is not an array of steps shows as one step. */
export function layoutFlow(schema: unknown): Diagram {
  const steps = Array.isArray(schema) ? schema : schema === null || schema === undefined ? [] : [schema];
  const block = sequenceBlock(steps, '');
  const byTag = new Map<string, string>();
  for (const n of block.nodes) if (n.tag && !byTag.has(n.tag)) byTag.set(n.tag, n.id);
  const gotos: DiagramEdge[] = [];
  for (const n of block.nodes) {
    if (n.app !== 'goto') continue;
    const target = byTag.get(n.detail);
    if (target) gotos.push(edge(n.id, target, n.detail, 'goto'));
  }
  return { nodes: block.nodes, edges: [...block.edges, ...gotos], width: block.width, height: block.height };
}
