import { measurePasswordStrength } from '../../lib/password-strength';

// Bar colour per score: red for weak, amber for moderate, green for strong.
const BAR_COLOURS = ['bg-danger', 'bg-danger', 'bg-danger', 'bg-gold', 'bg-success', 'bg-success'];

/** The sign-up strength meter: bar of width score/5, the label, and the four-item checklist. */
export default function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const strength = measurePasswordStrength(password);
  return (
    <div id={id} className="mt-3" aria-live="polite">
      <div className="flex items-center justify-between text-sm">
        <span className="text-ink-muted">Password strength</span>
        <span className="font-semibold text-ink">{password ? strength.label : '—'}</span>
      </div>
      <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-line" aria-hidden="true">
        <div className={`h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none ${BAR_COLOURS[strength.score]}`} style={{ width: `${strength.fraction * 100}%` }} />
      </div>
      <ul className="mt-3 grid grid-cols-1 gap-1.5 text-sm sm:grid-cols-2">
        {strength.checklist.map((item) => (
          <li key={item.id} className={`flex items-center gap-2 ${item.met ? 'text-success' : 'text-ink-muted'}`}>
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              {item.met ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <circle cx="12" cy="12" r="8" />}
            </svg>
            <span>
              {item.label}
              <span className="sr-only">{item.met ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
