import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Saves a PNG of a page's viewport as `<name>.png` for a person to look at; does nothing when its folder variable is unset. */
export type Shooter = (page: Page, name: string) => Promise<void>;

/** A {@link Shooter} into the folder the environment variable `envVar` names (read at each shot). */
export function shooterFor(envVar: string): Shooter {
  return async (page, name) => {
    const dir = process.env[envVar];
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}.png`) });
  };
}
