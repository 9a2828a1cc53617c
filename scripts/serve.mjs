// The shop's one server process: the built Astro app (standalone adapter) on HOST:PORT.
import '../dist/server/entry.mjs';
