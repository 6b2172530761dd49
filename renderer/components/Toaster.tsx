import * as Toast from '@radix-ui/react-toast';
import { create } from 'zustand';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  readonly id: number;
  readonly title: string;
  readonly description?: string | undefined;
  readonly tone: ToastTone;
  readonly action?: ToastAction | undefined;
  /** Further buttons beside the action (a saved file's Show in Folder and Open). */
  readonly more?: readonly ToastAction[] | undefined;
}

/** A button in the toast (Undo); the toast stays `seconds` long and closes when the button is used. */
export interface ToastAction {
  readonly label: string;
  readonly onClick: () => void;
  readonly seconds?: number;
}

interface ToastState {
  readonly items: readonly ToastItem[];
  push(item: Omit<ToastItem, 'id'>): void;
  dismiss(id: number): void;
}

let nextId = 1;

const useToasts = create<ToastState>((set) => ({
  items: [],
  push: (item) => set((s) => ({ items: [...s.items.slice(-4), { ...item, id: nextId++ }] })),
  dismiss: (id) => set((s) => ({ items: s.items.filter((t) => t.id !== id) })),
}));

/** Toasts from anywhere: notify.success('Saved'), notify.error('Failed to save', details). */
export const notify = {
  success: (title: string, description?: string, action?: ToastAction, more?: readonly ToastAction[]) =>
    useToasts.getState().push({ title, description, tone: 'success', action, more }),
  error: (title: string, description?: string) => useToasts.getState().push({ title, description, tone: 'error' }),
  info: (title: string, description?: string) => useToasts.getState().push({ title, description, tone: 'info' }),
};

export function Toaster() {
  const { items, dismiss } = useToasts();
  return (
    <Toast.Provider swipeDirection="right" duration={5000}>
      {items.map((t) => (
        <Toast.Root
          key={t.id}
          className={`toast toast-${t.tone}`}
          type={t.tone === 'error' || t.action ? 'foreground' : 'background'}
          {...(t.action?.seconds ? { duration: t.action.seconds * 1000 } : {})}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
        >
          <Toast.Title className="toast-title">{t.title}</Toast.Title>
          {t.description ? <Toast.Description className="toast-description">{t.description}</Toast.Description> : null}
          {[t.action, ...(t.more ?? [])].map((a) =>
            a ? (
              <Toast.Action key={a.label} className="button button-secondary toast-action" altText={`${a.label}: ${t.title}`} onClick={a.onClick}>
                {a.label}
              </Toast.Action>
            ) : null,
          )}
          <Toast.Close className="toast-close" aria-label="Dismiss">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
