import { useState } from 'react';
import type { ContentConflict } from '../../../lib/schemas/admin-catalog';
import { $contentConflicts, decideContentConflict } from '../../../stores/admin-content-conflicts';
import { useQuery } from '../../../stores/admin-query';
import { fieldLabel, formatConflictValue } from './content-conflict-format';
import { BUTTONS, Spinner } from './ui';

/** One conflict: what it is about, the three values side by side, and the two decisions. */
function ConflictItem({ conflict }: { conflict: ContentConflict }) {
  const [busy, setBusy] = useState<'live' | 'content' | null>(null);
  const decide = async (take: 'live' | 'content') => {
    setBusy(take);
    await decideContentConflict(conflict.id, take);
    setBusy(null);
  };
  const headingId = `conflict-${conflict.id}`;
  const values = [
    { side: 'base' as const, label: 'When last synced', value: conflict.base },
    { side: 'content' as const, label: "Editor's (content/)", value: conflict.content },
    { side: 'live' as const, label: 'Live in the shop', value: conflict.live },
  ];
  return (
    <li aria-labelledby={headingId} className="px-4 py-3">
      <h3 id={headingId} className="font-sans text-sm font-semibold text-ink">
        <span className="break-words">{conflict.name}</span>
        <span className="font-normal text-ink-muted"> · {fieldLabel(conflict.field)}</span>
        {conflict.categoryId && <span className="ml-1 rounded-full bg-canvas px-2 py-0.5 text-xs font-medium text-ink-soft">Brand</span>}
      </h3>
      <dl className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
        {values.map(({ side, label, value }) => (
          <div key={side} className={`min-w-0 rounded-lg border px-3 py-2 ${side === 'content' ? 'border-gold/60 bg-gold/10' : side === 'live' ? 'border-ink/20 bg-white' : 'border-line bg-canvas'}`}>
            <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
            <dd className="mt-0.5 text-sm break-words whitespace-pre-line text-ink tabular">{formatConflictValue(conflict.field, value, side)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" onClick={() => void decide('live')} disabled={busy !== null} className={BUTTONS.quiet} aria-describedby={headingId}>
          {busy === 'live' && <Spinner />}
          Keep live
        </button>
        <button type="button" onClick={() => void decide('content')} disabled={busy !== null} className={BUTTONS.primary} aria-describedby={headingId}>
          {busy === 'content' && <Spinner />}
          Take content's
        </button>
      </div>
    </li>
  );
}

/**
 * The content changes staff must decide (fields an editor changed in content/ that staff had
 * changed differently); nothing at all while there are none.
 */
export function ContentConflicts() {
  const { data } = useQuery($contentConflicts);
  const conflicts = data?.conflicts ?? [];
  // A long list starts folded, so the products stay in view on a phone.
  const [open, setOpen] = useState<boolean | null>(null);
  if (conflicts.length === 0) return null;
  const count = conflicts.length;
  const expanded = open ?? count <= 2;
  return (
    <section aria-labelledby="content-conflicts-heading" className="mx-4 mb-4 rounded-xl border border-gold/60 bg-white shadow-card sm:mx-6">
      <div className={`flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3 ${expanded ? 'border-b border-line' : ''}`}>
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="content-conflicts-heading" className="flex items-center gap-2 font-sans text-base font-semibold text-ink">
            <span className="h-2 w-2 shrink-0 rounded-full bg-gold" aria-hidden="true" />
            {count} content {count === 1 ? 'change needs' : 'changes need'} a decision
          </h2>
          <p className="mt-0.5 text-sm text-ink-soft">An editor changed these in content/ while they were changed here too. Nothing was applied for them.</p>
        </div>
        <button type="button" onClick={() => setOpen(!expanded)} aria-expanded={expanded} aria-controls="content-conflicts-list" className={BUTTONS.quiet}>
          {expanded ? 'Hide' : `Review ${count === 1 ? 'it' : `all ${count}`}`}
        </button>
      </div>
      <ul id="content-conflicts-list" hidden={!expanded} className="divide-y divide-line">
        {conflicts.map((conflict) => (
          <ConflictItem key={conflict.id} conflict={conflict} />
        ))}
      </ul>
    </section>
  );
}
