import { describe, expect, it } from "vitest";
import { MALLOC_ENV, MEMORY_FLAGS, missingMallocEnv, missingMemoryFlags } from "./memory";

describe("the V8 memory flags the server restarts itself with", () => {
  it("are all added to a process started without flags", () => {
    expect(missingMemoryFlags([])).toEqual([...MEMORY_FLAGS]);
  });

  it("keep a flag the user gave, whatever its value, spelling or --no- prefix", () => {
    expect(
      missingMemoryFlags(["--max-semi-space-size=16", "--no-liftoff-only", "--max_old_space_size=512", "--no-memory-saver-mode"]),
    ).toEqual([]);
    expect(missingMemoryFlags(["--enable-source-maps", "--liftoff_only"])).toEqual([
      "--max-semi-space-size=2",
      "--max-old-space-size=1024",
      "--memory-saver-mode",
    ]);
  });

  it("leave the old space to a user's --max-heap-size (V8 refuses it with both size flags)", () => {
    expect(missingMemoryFlags(["--max-heap-size=600"])).toEqual(["--max-semi-space-size=2", "--liftoff-only", "--memory-saver-mode"]);
  });
});

describe("the malloc settings the server restarts itself with", () => {
  it("are added where the environment lacks them, and a value the user set is kept", () => {
    expect(missingMallocEnv({})).toEqual({ ...MALLOC_ENV });
    expect(missingMallocEnv({ MALLOC_MMAP_THRESHOLD_: "131072" })).toEqual({});
  });
});
