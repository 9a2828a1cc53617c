import { z } from 'zod';

/** The messages of undoing an import. */
export const IMPORT_UNDO_MESSAGES = {
  notFinished: 'Only a finished or cancelled import can be undone.',
  dryRun: 'A dry run changed nothing, so there is nothing to undo.',
  changedSince: 'Changed since the import (by staff or another import); left as it is.',
  orderedSince: 'Ordered since the import; left as it is.',
  alreadyWithdrawn: 'Already withdrawn.',
} as const;

/** Why a product an import created is withdrawn rather than deleted: what still names it. */
export const IMPORT_UNDO_KEPT_MESSAGES = {
  order: 'Kept because orders name it; withdrawn.',
  quote: 'Kept because a quote names it; withdrawn.',
  projectList: 'Kept because a project list names it; withdrawn.',
  tradePrice: 'Kept because a trade price names it; withdrawn.',
  content: 'Kept because content/ files hold it; withdrawn.',
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
  /** Products the import created that nothing else named, now deleted with their images and history rows. */
  deleted: z.number().int(),
  /** Products the import created that another row names (an order, quote, list, trade price), now withdrawn and kept. */
  withdrawn: z.number().int(),
  /** The withdrawn products, each with what keeps it. */
  kept: z.array(z.object({ id: z.string(), name: z.string(), message: z.string() })),
  /** Products the import updated, now back at the fields they had before it. */
  reverted: z.number().int(),
  /** Products left alone, each with why. */
  refused: z.array(z.object({ id: z.string(), name: z.string(), message: z.string() })),
});
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;
