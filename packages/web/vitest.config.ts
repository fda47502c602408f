import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/app/test-setup.ts'],
    // A limit, not a wait: jsdom with Mantine is slow on a busy 2-core machine (at load 20 a screen
    // test took over 20 s).
    testTimeout: 180_000,
  },
});
