import { readdirSync } from "node:fs";
import { defineConfig } from "vite";

// Every page of the build is an HTML file in web/ (one per game, named by its site's
// `Pages.entry`), so a new game's page is built without a line here; mock.html is the
// dev server's scene fixtures and never in the build (setup.py skips it too).
const DEV_ONLY = new Set(["mock.html"]);
const pages = Object.fromEntries(
  readdirSync(".")
    .filter((f: string) => f.endsWith(".html") && !DEV_ONLY.has(f))
    .map((f: string) => [f === "index.html" ? "main" : f.slice(0, -".html".length), f]),
);

// No Preact preset: esbuild's automatic JSX runtime is enough and keeps the toolchain small.
export default defineConfig({
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: "dist",
    target: "es2019",
    assetsInlineLimit: 4096,
    rollupOptions: { input: pages },
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8123",
      "/ws": { target: "ws://127.0.0.1:8123", ws: true },
    },
  },
});
