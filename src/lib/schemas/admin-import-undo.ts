import { z } from 'zod';

/** The messages of undoing an import. */
export const IMPORT_UNDO_MESSAGES = {
  notFinished: 'Only a finished or cancelled import can be undone.',
  dryRun: 'A dry run changed nothing, so there is nothing to undo.',
  changedSince: 'Changed since the import (by staff or another import); left as it is.',
  orderedSince: 'Ordered since the import; left as it is.',
  alreadyWithdrawn: 'Already withdrawn.',
} as const;

/** POST /api/admin/imports/:id/undo: `dryRun` previews the counts and changes nothing. */
export const importUndoSchema = z.object({
  /** true: only count what would happen. */
  dryRun: z.boolean().default(false),
});
export type ImportUndoInput = z.infer<typeof importUndoSchema>;

/** What undoing an import did (or, with dryRun, would do). */
export const importUndoResultSchema = z.object({
  dryRun: z.boolean(),
  /** Products the import created, now withdrawn (kept for any order that names them). */
  withdrawn: z.number().int(),
  /** Products the import updated, now back at the fields they had before it. */
  reverted: z.number().int(),
  /** Products left alone, each with why. */
  refused: z.array(z.object({ id: z.string(), name: z.string(), message: z.string() })),
});
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;
