import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.SWITCHBOARD_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': backend,
      '/config.json': backend,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
  },
});
