import { PGlite } from "@electric-sql/pglite";

const rss = () => Math.round(process.memoryUsage().rss / 1048576);
console.log("before", rss());
const opts = process.argv[3] ? JSON.parse(process.argv[3]) : {};
const db = await PGlite.create(process.argv[2], opts);
console.log("after create", rss());
await db.query("select 1");
console.log("after query", rss(), process.memoryUsage());
await db.close();
