import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionLabel, LABELLED_ACTIONS } from '../../../src/components/admin/audit/audit-format';

/** Every .ts file under a folder. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The audit actions the server code names ('order.approve', 'import.undo', ...), read from its source. */
function recordedActions(): string[] {
  const found = new Set<string>();
  for (const file of walk(join(process.cwd(), 'src/server'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/'((?:staff|order|product|category|media|customer|enquiry|import|quote)\.[a-z_]+)'/g)) found.add(m[1]!);
    // enquiry.${action} with action 'handled' | 'reopened'.
    if (text.includes('`enquiry.${action}`')) ['enquiry.handled', 'enquiry.reopened'].forEach((a) => found.add(a));
  }
  // A column reference, not an action.
  found.delete('staff.id');
  return [...found].sort();
}

describe('audit action labels', () => {
  it('gives every action the server records a human label', () => {
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThan(25);
    expect(actions.filter((a) => !LABELLED_ACTIONS.includes(a))).toEqual([]);
  });

  it('reads an import cancel and undo as words, not the raw action', () => {
    expect(actionLabel('import.cancel')).toBe('Cancelled import');
    expect(actionLabel('import.undo')).toBe('Undid import');
  });
});
