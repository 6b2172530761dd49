import { Modal } from '../components/Modal.js';
import { SHORTCUTS, type Shortcut } from '../lib/shortcuts.js';
import { KeyCombo } from './KeyCombo.js';

interface Props {
  readonly open: boolean;
  readonly onClose: () => void;
}

const GROUPS: ReadonlyMap<string, readonly Shortcut[]> = Object.values(SHORTCUTS).reduce((m, s: Shortcut) => {
  m.set(s.where, [...(m.get(s.where) ?? []), s]);
  return m;
}, new Map<string, Shortcut[]>());

/** Every keyboard shortcut of the app, from the one list the handlers read (renderer/lib/shortcuts.ts). */
export function ShortcutSheet({ open, onClose }: Props) {
  return (
    <Modal open={open} title="Keyboard shortcuts" width="620px" onClose={onClose} testId="shortcut-sheet" closeButton>
      {/* Focusable so the list scrolls by keyboard too; the one scrolling part of the sheet. */}
      <div className="shortcut-sheet" role="region" aria-label="All shortcuts" tabIndex={0}>
        {[...GROUPS].map(([where, list]) => (
          <section key={where} aria-label={where}>
            <h3 className="shortcut-group">{where}</h3>
            <dl className="shortcut-list">
              {list.map((s) => (
                <div className="shortcut-row" key={`${where}:${s.label}`}>
                  <dt>
                    {s.combos.map((c, i) => (
                      <span key={c} className="shortcut-combo">
                        {i > 0 ? <span className="muted"> or </span> : null}
                        <KeyCombo combo={c} />
                      </span>
                    ))}
                  </dt>
                  <dd>{s.label}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
