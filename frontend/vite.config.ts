import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  // The manifest lets bench/bundle.ts work out which chunks the home route loads first.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
