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

describe('ADMISSION_*', () => {
  it('leaves the concurrency to the driver unless set, and reads the queue bounds', () => {
    expect(loadConfig({}).admission).toEqual({ concurrency: null, queue: 256, waitMs: 1000 });
    expect(
      loadConfig({ ADMISSION_CONCURRENCY: '0', ADMISSION_QUEUE: '10', ADMISSION_MAX_WAIT_MS: '250' }).admission,
    ).toEqual({ concurrency: 0, queue: 10, waitMs: 250 });
    expect(() => loadConfig({ ADMISSION_QUEUE: '-1' })).toThrow(/ADMISSION_QUEUE must be a whole number/);
  });
});

describe('PASSWORD_HASH_*', () => {
  it("is OWASP's argon2id cost unless set, and stops the start-up below the algorithm's least", () => {
    expect(loadConfig({}).passwordHash).toEqual({ memoryKiB: 19_456, passes: 2 });
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_PASSES: '3' }).passwordHash).toEqual({
      memoryKiB: 65_536,
      passes: 3,
    });
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '7' })).toThrow(/PASSWORD_HASH_MEMORY_KIB must be at least 8/);
    expect(() => loadConfig({ PASSWORD_HASH_PASSES: '0' })).toThrow(/PASSWORD_HASH_PASSES must be at least 1/);
  });
});
