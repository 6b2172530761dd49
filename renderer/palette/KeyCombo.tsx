import { comboKeys, comboText } from '../lib/shortcuts.js';

/** One shortcut drawn as keys ("G then U"), read out as its words: the palette's rows and the shortcut sheet. */
export function KeyCombo({ combo }: { readonly combo: string }) {
  return (
    <>
      <span className="visually-hidden">{comboText(combo)}</span>
      {comboKeys(combo).map((k, j) =>
        k === 'then' ? (
          <span key={j} aria-hidden="true" className="muted">
            {' then '}
          </span>
        ) : (
          <kbd key={j} aria-hidden="true">
            {k}
          </kbd>
        ),
      )}
    </>
  );
}
