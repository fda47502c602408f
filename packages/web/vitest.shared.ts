import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { UserWorkspaceConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Test files of the console under src/, relative to this folder. */
function testFiles(dir = 'src'): string[] {
  return fs.readdirSync(path.join(here, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(rel);
    return /\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/**
 * Files that replace a module with `vi.mock`: they run in a fresh module graph each
 * (`web-isolated`), since a module another file loaded first would not be replaced.
 */
export const MOCKING_FILES = testFiles().filter((f) =>
  fs.readFileSync(path.join(here, f), 'utf8').includes('vi.mock('),
);

/**
 * The console's component tests in jsdom. `web` runs every other file in one environment and one
 * module graph (isolate false): loading jsdom, Mantine and the app's modules once instead of per
 * file halves the CPU the suite takes; `test-setup.ts` cleans up between tests.
 */
export function webProject(name: 'web' | 'web-isolated'): UserWorkspaceConfig {
  const isolated = name === 'web-isolated';
  return {
    plugins: [react()],
    test: {
      name,
      environment: 'jsdom',
      include: isolated ? MOCKING_FILES : ['src/**/*.test.{ts,tsx}'],
      exclude: isolated ? [] : MOCKING_FILES,
      setupFiles: ['src/app/test-setup.ts'],
      isolate: isolated,
      // A limit, not a wait: jsdom with Mantine is slow on a busy 2-core machine (at load 20 a screen
      // test took over 20 s).
      testTimeout: 180_000,
    },
  };
}
