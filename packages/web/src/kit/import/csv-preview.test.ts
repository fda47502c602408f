import { describe, expect, it } from 'vitest';
import { decodeHead, guessSeparator, parseCsv } from './csv-preview';

describe('parseCsv', () => {
  it('splits by the chosen separator and keeps quoted separators, quotes and line breaks in their cell', () => {
    const text = 'number;description\n380441;"Smith; John"\r\n380442;"said ""hi"""\n380443;"two\nlines"\n';
    expect(parseCsv(text, ';')).toEqual([
      ['number', 'description'],
      ['380441', 'Smith; John'],
      ['380442', 'said "hi"'],
      ['380443', 'two\nlines'],
    ]);
    // The same text read with commas is one cell a row, except where a comma happens to be.
    expect(parseCsv('a;b,c\n', ',')).toEqual([['a;b', 'c']]);
  });

  it('stops at the limit, skips blank lines, and drops the cut-off last row of a partial head', () => {
    const text = 'a\tb\n\n1\t2\n3\t4\n5\t6';
    expect(parseCsv(text, '\t', 2)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv(text, '\t')).toHaveLength(4);
    expect(parseCsv(text, '\t', Number.POSITIVE_INFINITY, true)).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });
});

describe('guessSeparator', () => {
  it('takes the separator that splits the first line into the most cells', () => {
    expect(guessSeparator('number;description;expireAt\n1;2;3')).toBe(';');
    expect(guessSeparator('number\tdescription\n')).toBe('\t');
    expect(guessSeparator('a|b|c,d\n')).toBe('|');
    expect(guessSeparator('"a;b",c\n')).toBe(',');
    expect(guessSeparator('380441\n380442\n')).toBe(',');
  });
});

describe('decodeHead', () => {
  it('reads the bytes in the chosen character set', () => {
    // "Иван" in windows-1251.
    const bytes = new Uint8Array([0xc8, 0xe2, 0xe0, 0xed]).buffer;
    expect(decodeHead(bytes, 'windows-1251')).toBe('Иван');
    expect(decodeHead(new TextEncoder().encode('\uFEFFnumber').buffer, 'utf-8')).toBe('number');
  });
});
