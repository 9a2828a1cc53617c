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
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
