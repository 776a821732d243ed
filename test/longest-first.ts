import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest test files, longest first: seconds each took in a clean clone's run on 2 cores (PGlite, then PostgreSQL
 * where it runs there too). Without a results cache (a fresh clone), vitest starts the largest files first, so these
 * started late: `main.test.ts` ran alone for the last minute of its phase. A file missing here only starts later.
 */
export const LONGEST_FIRST = [
  "server/main.test.ts", // 73 s: eight server starts
  "server/routes/input-properties.test.ts", // 66 s, 46 s
  "server/backup/backup.test.ts", // 44 s, 52 s
  "test/faults/kill-restart.test.ts", // 35 s
  "server/backup/archive-entries.test.ts", // 22 s, 17 s
  "server/backup/cli.test.ts", // 19 s
  "test/faults/sigterm-load.test.ts", // 18 s
  "test/faults/imap-kill.test.ts", // 18 s
  "test/faults/cache-restart.test.ts", // 15 s
  "test/faults/smtp-outage.test.ts", // 14 s
  "server/backup/scheduled.test.ts", // 14 s
  "server/routes/totp.test.ts", // 14 s, 10 s
  "server/services/mail/inbound/inbound.test.ts", // 14 s
  "server/plugins/metrics.test.ts", // 13 s, 11 s
  "test/imap-server.test.ts", // 13 s
] as const;

/** Vitest's order (projects, then failed and longer first by its cache, else larger first), with LONGEST_FIRST ahead. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = (LONGEST_FIRST as readonly string[]).indexOf(path.relative(spec.project.config.root, spec.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Vitest runs its projects one after the other: each project's files keep their place among the projects.
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec]);
    return [...byProject.values()].flatMap((specs) => specs.toSorted((a, b) => rank(a) - rank(b)));
  }
}
