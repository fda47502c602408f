import { blacklistNumbers, devices, type ImportSpec } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { looksLikeHeader, mappingJson, preselectMapping, unmappedRequired } from './mapping';

const numbers = blacklistNumbers.import as ImportSpec;
const deviceSpec = devices.import as ImportSpec;

describe('preselectMapping', () => {
  it('matches header cells to fields by name or alias, in any case, wherever they stand', () => {
    const mapping = preselectMapping(numbers, ['Expires', ' NUMBER ', 'note'], 3);
    expect(mapping).toEqual({ number: 1, description: null, expireAt: 0 });
    expect(unmappedRequired(numbers, mapping)).toEqual([]);
  });

  it('takes the columns in the order of the spec when the file has no header', () => {
    expect(preselectMapping(numbers, null, 2)).toEqual({ number: 0, description: 1, expireAt: null });
  });

  it('names the required fields left without a column', () => {
    const mapping = preselectMapping(deviceSpec, ['name', 'mac'], 2);
    expect(mapping.name).toBe(0);
    expect(mapping.mac).toBe(1);
    expect(unmappedRequired(deviceSpec, mapping)).toEqual(['account']);
  });
});

describe('looksLikeHeader', () => {
  it('says a first row is a header when a cell names a column', () => {
    expect(looksLikeHeader(numbers, ['phone', 'Expire_At'])).toBe(true);
    expect(looksLikeHeader(numbers, ['380441', 'first'])).toBe(false);
  });
});

describe('mappingJson', () => {
  it('sends only the fields that have a column', () => {
    expect(JSON.parse(mappingJson({ number: 1, description: null, expireAt: 0 }))).toEqual({ number: 1, expireAt: 0 });
  });
});
