import { defineConfig } from "vite";

// Relative asset paths: the server serves dist/ at its web root.
export default defineConfig({
  base: "./",
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: true },
});
