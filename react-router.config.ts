import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // React Router 8's default, kept explicit: admin route code stays in its own chunks (public pages load none of it).
  splitRouteModules: true,
} satisfies Config;
