import { defineConfig } from "vite";
import { ISLANDS } from "./app/lib/island-entries";

/**
 * The public pages' islands (`ISLANDS`): small scripts without any framework, built next to the React Router client
 * build (same `assets/` folder, content-hashed names). The server reads the manifest to know their URLs.
 */

export default defineConfig({
  publicDir: false,
  resolve: { tsconfigPaths: true },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    manifest: ".vite/islands.json",
    target: "es2022",
    modulePreload: false,
    rollupOptions: {
      input: ISLANDS,
      output: { entryFileNames: "assets/island-[name]-[hash].js", chunkFileNames: "assets/island-chunk-[hash].js" },
    },
  },
});
