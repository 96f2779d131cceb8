import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

// The API server listens on 3000 in development; proxying keeps the console same-origin,
// which is also how production serves it (the API server serves apps/web/dist).
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  root,
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No source maps in the build: it is what production serves, and maps would publish the source.
    sourcemap: false,
    // Inlined assets become data: URLs, which the CSP allows only for images; keep fonts and scripts as files.
    assetsInlineLimit: (file) => (/\.(png|jpe?g|gif|svg|webp)$/i.test(file) ? undefined : false),
  },
});
