import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/app/test-setup.ts'],
    // jsdom with Mantine is slow on a busy 2-core machine; a screen test may take a few seconds.
    testTimeout: 20000,
  },
});
