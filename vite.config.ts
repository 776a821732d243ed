import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The libraries only the lazily loaded parts of the back office use: the statistics' charts and the rich-text editor.
 * They stay in the chunks of those parts, out of the back office's shared chunk.
 */
const LAZY_LIBRARIES =
  /node_modules[\\/](recharts|victory-vendor|d3-[\w-]+|@reduxjs|react-redux|redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|internmap|@tiptap|prosemirror-[\w-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname)[\\/]/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Bundled into the server build, so it holds the icons the pages use, not the package's every icon as one CommonJS
  // file (about 7 MB of heap and 30 MB resident, issue 34).
  ssr: { noExternal: ["lucide-react"] },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // What two or more screens use goes in one shared chunk: a screen loads in about 25 requests instead of 85
            // (one per icon and helper), and opening one cost the browser and the server a fifth less CPU (decision 0142).
            codeSplitting: { groups: [{ name: "shared", minShareCount: 2, test: (id: string) => !LAZY_LIBRARIES.test(id) }] },
            // Modules merged into one chunk still run in the order their imports give (zod's setting before zod).
            strictExecutionOrder: true,
          },
        },
      },
    },
  },
});
