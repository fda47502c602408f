import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('LIST_MAX_PAGE_SIZE', () => {
  it('is 1000 unless set, and may be set up to 20,000', () => {
    expect(loadConfig({}).listMaxPageSize).toBe(1000);
    expect(loadConfig({ LIST_MAX_PAGE_SIZE: '20000' }).listMaxPageSize).toBe(20_000);
  });

  it('stops the start-up outside 1 to 20,000', () => {
    expect(() => loadConfig({ LIST_MAX_PAGE_SIZE: '20001' })).toThrow(/LIST_MAX_PAGE_SIZE must be from 1 to 20000/);
    expect(() => loadConfig({ LIST_MAX_PAGE_SIZE: '0' })).toThrow(/LIST_MAX_PAGE_SIZE/);
  });
});
