/**
 * The expression language of a routing flow's `if` (README "Call routing"): no eval, a small
 * grammar read by hand.
 *
 *   expr   := or
 *   or     := and ('||' and)*
 *   and    := not ('&&' not)*
 *   not    := '!' not | cmp
 *   cmp    := atom (('==' | '!=' | '<' | '<=' | '>' | '>=' | '=~' | '!~') atom)?
 *   atom   := '(' expr ')' | 'text' | "text" | number | true | false | ${name} | name
 *           | startsWith(a, b) | endsWith(a, b) | contains(a, b) | length(a)
 *
 * Variables are strings (an unknown one is empty). `==`, `<`… compare as numbers when both sides
 * are numbers, as text otherwise. `=~` tests a regular expression (JavaScript syntax) in the guarded
 * pattern tester. A value is true unless it is false, empty, "false" or a zero number.
 */

export type Value = string | number | boolean;
export type Resolve = (name: string) => string;
/** Tests a regular expression against a text (guarded: see pattern-tester). */
export type RegexTest = (pattern: string, text: string) => Promise<boolean>;

export class ExpressionError extends Error {}

export const EXPRESSION_MAX_LENGTH = 2000;
const MAX_DEPTH = 32;

type Node =
  | { k: 'lit'; v: Value }
  | { k: 'var'; name: string }
  | { k: 'not'; e: Node }
  | { k: 'and' | 'or'; a: Node; b: Node }
  | { k: 'cmp'; op: string; a: Node; b: Node }
  | { k: 'call'; fn: string; args: Node[] };

type Token = { t: 'str' | 'num' | 'id' | 'var' | 'op'; v: string };

const FUNCTIONS: Record<string, number> = { startsWith: 2, endsWith: 2, contains: 2, length: 1 };
const OPERATORS = ['==', '!=', '<=', '>=', '=~', '!~', '&&', '||', '<', '>', '!', '(', ')', ','];

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let s = '';
      while (j < text.length && text[j] !== c) {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        s += text[j];
        j++;
      }
      if (j >= text.length) throw new ExpressionError(`unterminated text at ${i + 1}`);
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    if (c === '$' && text[i + 1] === '{') {
      const end = text.indexOf('}', i);
      if (end < 0) throw new ExpressionError(`unterminated \${ at ${i + 1}`);
      const name = text.slice(i + 2, end).trim();
      if (!/^[A-Za-z_][\w.-]*$/.test(name)) throw new ExpressionError(`bad variable name "${name}"`);
      out.push({ t: 'var', v: name });
      i = end + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(text.slice(i));
    if (num && (c !== '-' || !out.length || out[out.length - 1].t === 'op')) {
      out.push({ t: 'num', v: num[0] });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][\w.]*/.exec(text.slice(i));
    if (id) {
      out.push({ t: 'id', v: id[0] });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (!op) throw new ExpressionError(`unexpected "${c}" at ${i + 1}`);
    out.push({ t: 'op', v: op });
    i += op.length;
  }
  return out;
}

/** Parses an expression; throws ExpressionError naming what is wrong. */
export function parseExpression(text: string): Node {
  if (typeof text !== 'string') throw new ExpressionError('the expression is not text');
  if (text.length > EXPRESSION_MAX_LENGTH) throw new ExpressionError(`longer than ${EXPRESSION_MAX_LENGTH} characters`);
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => peek()?.t === 'op' && peek()?.v === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new ExpressionError(`expected "${v}"${peek() ? ` before "${peek().v}"` : ' at the end'}`);
    pos++;
  };
  const binary = (k: 'and' | 'or', op: string, next: (d: number) => Node) => (d: number) => {
    let a = next(d);
    while (isOp(op)) {
      pos++;
      a = { k, a, b: next(d) };
    }
    return a;
  };
  const atom = (d: number): Node => {
    if (d > MAX_DEPTH) throw new ExpressionError('nested too deeply');
    const tok = peek();
    if (!tok) throw new ExpressionError('unexpected end');
    pos++;
    if (tok.t === 'str') return { k: 'lit', v: tok.v };
    if (tok.t === 'num') return { k: 'lit', v: Number(tok.v) };
    if (tok.t === 'var') return { k: 'var', name: tok.v };
    if (tok.t === 'id') {
      if (tok.v === 'true' || tok.v === 'false') return { k: 'lit', v: tok.v === 'true' };
      if (isOp('(')) {
        const arity = FUNCTIONS[tok.v];
        if (arity === undefined) throw new ExpressionError(`unknown function "${tok.v}"`);
        pos++;
        const args: Node[] = [];
        if (!isOp(')')) {
          args.push(or(d + 1));
          while (isOp(',')) {
            pos++;
            args.push(or(d + 1));
          }
        }
        expect(')');
        if (args.length !== arity) throw new ExpressionError(`${tok.v} takes ${arity} argument(s)`);
        return { k: 'call', fn: tok.v, args };
      }
      return { k: 'var', name: tok.v };
    }
    if (tok.v === '(') {
      const e = or(d + 1);
      expect(')');
      return e;
    }
    throw new ExpressionError(`unexpected "${tok.v}"`);
  };
  const cmp = (d: number): Node => {
    const a = atom(d);
    const tok = peek();
    if (tok?.t === 'op' && ['==', '!=', '<', '<=', '>', '>=', '=~', '!~'].includes(tok.v)) {
      pos++;
      return { k: 'cmp', op: tok.v, a, b: atom(d) };
    }
    return a;
  };
  const not = (d: number): Node => {
    if (isOp('!')) {
      pos++;
      if (d > MAX_DEPTH) throw new ExpressionError('nested too deeply');
      return { k: 'not', e: not(d + 1) };
    }
    return cmp(d);
  };
  const and = binary('and', '&&', not);
  const or = binary('or', '||', and);
  const tree = or(0);
  if (pos < tokens.length) throw new ExpressionError(`unexpected "${tokens[pos].v}"`);
  return tree;
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;
const text = (v: Value) => String(v);
export const truthy = (v: Value) =>
  typeof v === 'boolean'
    ? v
    : typeof v === 'number'
      ? v !== 0
      : v !== '' && v !== 'false' && !(NUMERIC.test(v) && Number(v) === 0);

function compare(op: string, a: Value, b: Value): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    if (op === '==') return truthy(a) === truthy(b);
    if (op === '!=') return truthy(a) !== truthy(b);
  }
  const sa = text(a);
  const sb = text(b);
  const numeric = NUMERIC.test(sa) && NUMERIC.test(sb);
  const x: number | string = numeric ? Number(sa) : sa;
  const y: number | string = numeric ? Number(sb) : sb;
  switch (op) {
    case '==':
      return x === y;
    case '!=':
      return x !== y;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    default:
      return x >= y;
  }
}

/** Evaluates a parsed expression. */
export async function evaluate(node: Node, resolve: Resolve, regex: RegexTest): Promise<Value> {
  switch (node.k) {
    case 'lit':
      return node.v;
    case 'var':
      return resolve(node.name);
    case 'not':
      return !truthy(await evaluate(node.e, resolve, regex));
    case 'and':
      return truthy(await evaluate(node.a, resolve, regex)) && truthy(await evaluate(node.b, resolve, regex));
    case 'or':
      return truthy(await evaluate(node.a, resolve, regex)) || truthy(await evaluate(node.b, resolve, regex));
    case 'cmp': {
      const a = await evaluate(node.a, resolve, regex);
      const b = await evaluate(node.b, resolve, regex);
      if (node.op === '=~' || node.op === '!~') {
        const hit = await regex(text(b), text(a));
        return node.op === '=~' ? hit : !hit;
      }
      return compare(node.op, a, b);
    }
    case 'call': {
      const args: string[] = [];
      for (const a of node.args) args.push(text(await evaluate(a, resolve, regex)));
      if (node.fn === 'length') return args[0].length;
      if (node.fn === 'startsWith') return args[0].startsWith(args[1]);
      if (node.fn === 'endsWith') return args[0].endsWith(args[1]);
      return args[0].includes(args[1]);
    }
  }
}

/** Parses and evaluates `text` to true or false. */
export async function test(textOf: string, resolve: Resolve, regex: RegexTest): Promise<boolean> {
  return truthy(await evaluate(parseExpression(textOf), resolve, regex));
}
