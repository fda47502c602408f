import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, lowest first (README, Architecture): a module imports only from its own
 * layer or lower ones, type imports included. Top-level files are placed by name.
 */
const LAYERS: string[][] = [
  ['db', 'licenses'],
  ['core', 'net', 'config.ts', 'log.ts', 'context.ts'],
  ['access'],
  ['auth'],
  ['changelog', 'events', 'flows'],
  ['resources'],
  ['telephony', 'jobs'],
  ['http'],
  ['server.ts', 'cli.ts', 'cli-license.ts'],
  ['main.ts'],
];

const SRC = import.meta.dirname;

function layerOf(path: string): number {
  const top = path.split('/')[0].replace(/\.js$/, '.ts');
  const at = LAYERS.findIndex((names) => names.includes(top));
  if (at < 0) throw new Error(`${path}: ${top} is in no layer; add it to LAYERS and the README`);
  return at;
}

function sources(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((f) => f.replaceAll('\\', '/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
}

describe('server layers', () => {
  it('import only from their own layer or lower ones', () => {
    const against: string[] = [];
    for (const file of sources()) {
      const text = readFileSync(join(SRC, file), 'utf8');
      for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom '(\.{1,2}\/[^']+)'/gms)) {
        const target = relative(SRC, normalize(join(SRC, dirname(file), m[1]))).replaceAll('\\', '/');
        if (layerOf(target) > layerOf(file)) against.push(`${file} -> ${target}`);
      }
    }
    expect(against).toEqual([]);
  });

  it('places every top-level folder and file', () => {
    const tops = new Set(sources().map((f) => f.split('/')[0]));
    expect([...tops].filter((t) => !LAYERS.flat().includes(t))).toEqual([]);
  });
});
