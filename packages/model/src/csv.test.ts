import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseCsvCell, restoreCsvCell } from './csv.js';

describe('CSV cells against formula injection', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+15551234', "'+15551234"],
    ['-2+3+cmd|/C calc!A0', "'-2+3+cmd|/C calc!A0"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('neutralises %j', (input, expected) => {
    expect(neutraliseCsvCell(input)).toBe(expected);
    expect(restoreCsvCell(neutraliseCsvCell(input))).toBe(input);
  });

  it.each(['reception', 'a=b', ' =1', '', "'quoted", '5551234', 'x-y'])('leaves %j alone', (input) => {
    expect(neutraliseCsvCell(input)).toBe(input);
    expect(restoreCsvCell(input)).toBe(input);
  });

  it('restores only an apostrophe that neutralised something', () => {
    expect(restoreCsvCell("'abc")).toBe("'abc");
    expect(restoreCsvCell("''=1")).toBe("''=1");
  });

  it('writes numbers and booleans as they are, text of any other value neutralised', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell({ id: 3, name: '=evil()' })).toBe("'=evil()");
    expect(
      csvCell([
        { id: 1, name: 'a' },
        { id: 2, name: '@b' },
      ]),
    ).toBe('a; @b');
    expect(csvCell(['+1', 'x'])).toBe("'+1; x");
    expect(csvCell({ web: true })).toBe('{"web":true}');
  });
});
