import { describe, expect, it } from 'vitest';
import { GAP_X, GAP_Y, layoutFlow, NODE_HEIGHT, NODE_WIDTH } from './layout';

/** An `if` step; built from entries because a literal `then` key makes the object look like a promise. */
const ifStep = (expression: string, yes: unknown[], no?: unknown[]) => ({
  if: Object.fromEntries([['expression', expression], ['then', yes], ...(no ? [['else', no]] : [])]),
});

const byId = (d: ReturnType<typeof layoutFlow>) => new Map(d.nodes.map((n) => [n.id, n]));
const links = (d: ReturnType<typeof layoutFlow>) =>
  d.edges.map((e) => `${e.source}>${e.target}${e.label ? `:${e.label}` : ''}`);

describe('flow layout', () => {
  it('stacks plain steps top-down in one column, each joined to the next', () => {
    const d = layoutFlow([{ answer: {} }, { playback: { files: [{ name: 'a.wav' }] } }, { hangup: {} }]);
    expect(d.nodes.map((n) => [n.id, n.app, n.x, n.y])).toEqual([
      ['0', 'answer', 0, 0],
      ['1', 'playback', 0, NODE_HEIGHT + GAP_Y],
      ['2', 'hangup', 0, 2 * (NODE_HEIGHT + GAP_Y)],
    ]);
    expect(d.nodes[1].detail).toBe('{"files":[{"name":"a.wav"}]}');
    expect(links(d)).toEqual(['0>1', '1>2']);
    expect(d.width).toBe(NODE_WIDTH);
    expect(d.height).toBe(3 * NODE_HEIGHT + 2 * GAP_Y);
  });

  it('puts if branches side by side under the condition and joins them at the next step', () => {
    const d = layoutFlow([ifStep('$x == 1', [{ answer: {} }, { hangup: {} }], [{ echo: {} }]), { sleep: 100 }]);
    const n = byId(d);
    expect(d.width).toBe(2 * NODE_WIDTH + GAP_X);
    // The condition is centred over its two branches.
    expect(n.get('0')).toMatchObject({
      app: 'if',
      branch: true,
      detail: '$x == 1',
      x: (NODE_WIDTH + GAP_X) / 2,
      y: 0,
    });
    expect(n.get('0.then.0')).toMatchObject({ x: 0, y: NODE_HEIGHT + GAP_Y });
    expect(n.get('0.else.0')).toMatchObject({ x: NODE_WIDTH + GAP_X, y: NODE_HEIGHT + GAP_Y });
    // The next step comes below the taller branch.
    expect(n.get('1')?.y).toBe(3 * (NODE_HEIGHT + GAP_Y));
    expect(links(d).sort()).toEqual(
      ['0>0.then.0:then', '0>0.else.0:else', '0.then.0>0.then.1', '0.then.1>1', '0.else.0>1'].sort(),
    );
  });

  it('lays out switch cases in their order and lets an empty branch go straight on', () => {
    const d = layoutFlow([
      { switch: { variable: '$lang', case: { en: [{ playback: {} }], ru: [], default: [{ hangup: {} }] } } },
      { answer: {} },
    ]);
    const n = byId(d);
    expect(d.width).toBe(3 * NODE_WIDTH + 2 * GAP_X);
    expect(n.get('0.case.en.0')?.x).toBe(0);
    expect(n.get('0.case.default.0')?.x).toBe(2 * (NODE_WIDTH + GAP_X));
    expect(links(d)).toContain('0>1:ru');
    expect(links(d)).toContain('0.case.en.0>1');
    expect(links(d)).toContain('0.case.default.0>1');
  });

  it('nests branches: an inner if widens its outer branch and nothing overlaps', () => {
    const inner = ifStep('b', [{ a: {} }], [{ b: {} }]);
    const d = layoutFlow([ifStep('a', [inner], [{ c: {} }])]);
    expect(d.width).toBe(3 * NODE_WIDTH + 2 * GAP_X);
    const boxes = d.nodes.map((n) => [n.x, n.y, n.x + NODE_WIDTH, n.y + NODE_HEIGHT]);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        const overlap = a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
        expect(overlap, `${d.nodes[i].id} and ${d.nodes[j].id}`).toBe(false);
      }
    }
  });

  it('draws a goto as a jump to the tagged step and ends its sequence there', () => {
    const d = layoutFlow([{ answer: {}, tag: 'start' }, { goto: 'start' }, { hangup: {} }]);
    expect(byId(d).get('0')?.tag).toBe('start');
    const kinds = d.edges.map((e) => `${e.kind}:${e.source}>${e.target}`);
    expect(kinds).toContain('goto:1>0');
    expect(kinds).not.toContain('next:1>2');
  });

  it('lays out 50 steps as one readable column and copes with odd schemas', () => {
    const steps = Array.from({ length: 50 }, (_, i) => ({ [`app${i}`]: { n: i } }));
    const d = layoutFlow(steps);
    expect(d.nodes).toHaveLength(50);
    expect(d.edges).toHaveLength(49);
    expect(new Set(d.nodes.map((n) => n.y)).size).toBe(50);
    expect(layoutFlow([]).nodes).toEqual([]);
    expect(layoutFlow({ answer: {} }).nodes.map((n) => n.app)).toEqual(['answer']);
    expect(layoutFlow(['hangup', 42]).nodes.map((n) => n.app)).toEqual(['hangup', '?']);
    expect(layoutFlow([{ if: { expression: 'x' } }]).edges.length).toBe(0);
  });
});
