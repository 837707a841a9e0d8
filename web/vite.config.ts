import { defineConfig } from "vite";

// No Preact preset: esbuild's automatic JSX runtime is enough and keeps the toolchain small.
export default defineConfig({
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: "dist",
    target: "es2019",
    assetsInlineLimit: 4096,
    rollupOptions: { input: { main: "index.html", andorra: "andorra.html" } },
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8123",
      "/ws": { target: "ws://127.0.0.1:8123", ws: true },
    },
  },
});
