import { defineConfig } from "vite";
import base from "./vite.config";

// The dev-only scene fixtures (mock.html) built on their own, for the browser tests
// (tests/browser/scenes.py): a built page loads in half the time of the dev server's,
// whose modules it fetches one by one. Never part of the shipped build: the tests name
// their own outDir (`vite build -c vite.mock.config.ts --outDir <tmp>`).
export default defineConfig({
  ...base,
  build: { ...base.build, outDir: "dist-mock", emptyOutDir: true, rollupOptions: { input: { mock: "mock.html" } } },
});
