// V8 flags of the shop's server process: `npm start` (scripts/start.mjs), `npm run serve` (package.json
// repeats them) and the import bench's measured process (bench/import.ts), so the bench measures what
// the server runs.
//
// --max-semi-space-size=16 (MB): V8 doubles the young generation each time the bytes surviving its
// scavenges since the last doubling exceed its size, and only shrinks it when allocation nearly stops.
// A long import (every batch's rows alive while the batch is written) therefore grew it to Node 24's
// 64 MB semi-spaces (128 MB resident) somewhere past 10,000 rows, and peak RSS grew with the file
// while the live heap stayed at 22 MB. 16 MB (the default of earlier Node releases) keeps peak RSS at
// the 10,000-row figure for 100,000 rows at the same speed (bench/import.ts).
//
// --heap-growing-percent=100: after each full collection V8 lets the old generation grow to up to
// four times what survived it when the process mostly waits (an import waiting on its database), and
// a collection landing mid-batch finds 35-49 MB alive, so the next limit rose to 140-200 MB and peak
// RSS with the file's length although the live heap stayed at 22-24 MB. Doubling at most keeps peak
// RSS within 17-33 MB of the 10,000-row figure at 100,000 rows (it was 80-95 MB on PostgreSQL), for
// a few more full collections (bench/import.ts 10000 100000, BENCH_NODE_FLAGS to compare).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=100'];
