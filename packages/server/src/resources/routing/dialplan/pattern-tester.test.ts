import { describe, expect, it } from 'vitest';
import { matchFirst, matchStrict, TesterTimeoutError } from './pattern-tester.js';

const CALLS = 8;

const SLOW = '^(\\d+)+$';
const SLOW_NUMBER = `${'1'.repeat(40)}#`;

describe('pattern tester', () => {
  it('answers the first matching pattern with its captures; a bad pattern matches nothing', async () => {
    expect(await matchFirst(['(', '^9(\\d+)', '^(\\d)'], '90123')).toEqual({ index: 1, groups: ['90123', '0123'] });
    expect(await matchFirst(['^1(x)?'], '1')).toEqual({ index: 0, groups: ['1', ''] });
    expect(await matchFirst(['^7'], '90123')).toEqual({ index: -1, groups: [] });
  });

  it('counts a slow pattern as not matching and goes on with the next one', async () => {
    expect(await matchFirst([SLOW, '^1(1)'], SLOW_NUMBER)).toEqual({ index: 1, groups: ['11', '1'] });
  });

  it('stops a call at its budget, and calls at once each get their own answer', async () => {
    await expect(matchFirst([SLOW, SLOW, SLOW], SLOW_NUMBER, 400)).rejects.toBeInstanceOf(TesterTimeoutError);
    const answers = await Promise.all(
      Array.from({ length: CALLS }, (_, i) => matchFirst(i % 2 ? [SLOW, '^1'] : ['^1'], SLOW_NUMBER, 10_000)),
    );
    expect(answers.map((a) => a.index)).toEqual(Array.from({ length: CALLS }, (_, i) => (i % 2 ? 1 : 0)));
  });
});

describe('pattern tester for routing (strict)', () => {
  it('is an error, not the next rule, when a pattern is too slow; the next call is answered', async () => {
    const error = await matchStrict([SLOW, '^1(1)'], SLOW_NUMBER, 500).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TesterTimeoutError);
    // A fresh worker answers the next call, with the cache of the stopped one gone.
    expect(await matchStrict(['^7', '^1(1)'], SLOW_NUMBER)).toEqual({ index: 1, groups: ['11', '1'] });
  });

  it('gives concurrent calls each their own answer, also around a stopped worker', async () => {
    const patterns = Array.from({ length: 50 }, (_, i) => `^${i + 100}(\\d*)$`);
    const numbers = Array.from({ length: 200 }, (_, i) => `${100 + (i % 50)}${i}`);
    const slow = matchStrict([SLOW], SLOW_NUMBER, 300).catch((e: unknown) => e);
    const answers = await Promise.all(numbers.map((n) => matchStrict(patterns, n)));
    expect(answers).toEqual(numbers.map((n, i) => ({ index: i % 50, groups: [n, String(i)] })));
    expect(await slow).toBeInstanceOf(TesterTimeoutError);
  });
});
