import { describe, expect, it } from 'vitest';
import { ExpressionError, parseExpression, test } from './expression.js';

const vars: Record<string, string> = { number: '8800123', caller: '100', open: 'true', empty: '', zero: '0' };
const resolve = (name: string) => vars[name] ?? '';
const regex = async (pattern: string, text: string) => new RegExp(pattern).test(text);
const check = (e: string) => test(e, resolve, regex);

/** A variable reference `${name}`. */
const v = (name: string) => `$\{${name}}`;

describe('routing expressions', () => {
  it('compares as numbers when both sides are numbers, as text otherwise', async () => {
    expect(await check('caller == 100')).toBe(true);
    expect(await check("caller == '100.0'")).toBe(true);
    expect(await check('caller < 20')).toBe(false);
    expect(await check("'abc' < 'abd'")).toBe(true);
    expect(await check(`${v('number')} != 1`)).toBe(true);
    expect(await check('unknown == ""')).toBe(true);
  });

  it('combines with && || ! and parentheses, and reads truth of values', async () => {
    expect(await check('open && !(caller == 101)')).toBe(true);
    expect(await check('empty || zero')).toBe(false);
    expect(await check('empty || open')).toBe(true);
    expect(await check('open == true')).toBe(true);
    expect(await check('!open == false')).toBe(true);
  });

  it('has startsWith, endsWith, contains, length and regular expressions', async () => {
    expect(await check("startsWith(number, '88') && endsWith(number, '23')")).toBe(true);
    expect(await check("contains(number, '001') && length(caller) == 3")).toBe(true);
    expect(await check("number =~ '^8800\\\\d+$'")).toBe(true);
    expect(await check("number !~ '^7'")).toBe(true);
  });

  it('refuses bad text with an ExpressionError naming the problem, and never runs code', async () => {
    for (const bad of ['caller ==', '(open', "'x", 'alert(1)', 'a = 1', 'a ; b', '${a', 'open open', ''])
      expect(() => parseExpression(bad), bad).toThrow(ExpressionError);
    expect(() => parseExpression(`${'('.repeat(100)}a${')'.repeat(100)}`)).toThrow(/nested/);
    expect(() => parseExpression('a'.repeat(3000))).toThrow(/longer/);
    expect(() => parseExpression('constructor.constructor("x")')).toThrow(ExpressionError);
  });
});
