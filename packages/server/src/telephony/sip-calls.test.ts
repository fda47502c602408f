import { describe, expect, it } from 'vitest';
import { quoteDisplay, sipUser, unquoteDisplay } from './sip-calls.js';

describe('caller identity in SIP headers', () => {
  it('reads a From display name with or without quotes', () => {
    expect(unquoteDisplay('"Caller 3001"')).toBe('Caller 3001');
    expect(unquoteDisplay('"Sales \\"Berlin\\""')).toBe('Sales "Berlin"');
    expect(unquoteDisplay('Plain')).toBe('Plain');
    expect(unquoteDisplay(undefined)).toBe('');
  });

  it('writes a display name as a quoted string, and none for an empty one', () => {
    expect(quoteDisplay('Sales "Berlin"')).toBe('"Sales \\"Berlin\\""');
    expect(quoteDisplay('a\\b')).toBe('"a\\\\b"');
    expect(quoteDisplay('line\r\nbreak')).toBe('"linebreak"');
    expect(quoteDisplay('  ')).toBe('');
  });

  it('escapes what a SIP user part may not hold', () => {
    expect(sipUser('+49 30#1')).toBe('+49%2030%231');
    expect(sipUser('ann.o-k_1')).toBe('ann.o-k_1');
    expect(sipUser('ü')).toBe('%C3%BC');
  });
});
