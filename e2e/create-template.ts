/** Makes the browser suite's template database ahead of the suite (npm test runs it alongside the API tests). */
import { stopLeftoverServers } from "./global-teardown";
import { createTemplate } from "./worker-server";

stopLeftoverServers();
await createTemplate();
