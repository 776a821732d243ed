import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Bundled into the server build, so it holds the icons the pages use, not the package's every icon as one CommonJS
  // file (about 7 MB of heap and 30 MB resident, issue 34).
  ssr: { noExternal: ["lucide-react"] },
});
