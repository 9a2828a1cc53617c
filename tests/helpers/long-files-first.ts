import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser test files that take minutes: they visit every public route at every width. They are
 * small on disk, so without timings of an earlier run (a fresh machine) vitest would start them
 * last, and one of them would run alone at the end while the other worker idles.
 */
const LONG_FILES = [/\/tests\/quality\/pages-\d+\.test\.ts$/];

/** Vitest's own order (longest first by the last run's timings, else largest file first), with the route sweeps first when a file has no timing. */
export class LongFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (sorted.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const isLong = (spec: TestSpecification) => LONG_FILES.some((pattern) => pattern.test(spec.moduleId));
    return [...sorted.filter(isLong), ...sorted.filter((spec) => !isLong(spec))];
  }
}
