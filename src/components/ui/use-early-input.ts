import { useEffect, useRef, type RefObject } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the server rendered into a field: React's state when it hydrated. */
function renderedValue(field: Field): string {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  return Array.from(field.options).find((o) => o.defaultSelected)?.value ?? field.options[0]?.value ?? '';
}

/** Sets a field's value through its prototype's setter, bypassing React's record of the last value it saw. */
function setUntracked(field: Field, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

/**
 * Hands React what the visitor typed, or a password manager filled in, before the form's island
 * hydrated. The server-rendered fields take input at once, but the island's state starts from the
 * values it rendered: without this the form shows the text and then submits it as empty. Each field
 * whose value differs from the rendered one is reported through the event typing would have sent
 * (input, change, or a click for a box), so the form's own onChange handlers take it in.
 */
export function useEarlyInput<T extends HTMLFormElement>(): RefObject<T | null> {
  const form = useRef<T>(null);
  useEffect(() => {
    // Read everything first: each event re-renders the form, and React then resets every other
    // controlled field to its state.
    const early: { field: Field; value: string; checked: boolean }[] = [];
    for (const field of Array.from(form.current?.elements ?? [])) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) continue;
      const box = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
      const changed = box ? field.checked !== field.defaultChecked : field.value !== renderedValue(field);
      if (changed) early.push({ field, value: field.value, checked: box && field.checked });
    }
    if (early.length === 0) return;
    // Sent after this effect, outside React's own work, so each event's update renders at once.
    const timer = setTimeout(() => {
      for (const { field, value, checked } of early) {
        if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
          field.checked = !checked;
          field.click();
          continue;
        }
        field.value = renderedValue(field); // through React's tracker: the value it believes is shown
        setUntracked(field, value);
        field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      }
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return form;
}
