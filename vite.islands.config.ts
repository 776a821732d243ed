import { defineConfig } from "vite";

/**
 * The public pages' islands: small scripts without any framework, built next to the React Router client build
 * (same `assets/` folder, content-hashed names). The server reads `ISLANDS_MANIFEST` to know their URLs.
 */
export const ISLANDS = {
  site: "app/islands/site.ts",
  carousel: "app/islands/carousel.ts",
  contact: "app/islands/contact.ts",
} as const;

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
