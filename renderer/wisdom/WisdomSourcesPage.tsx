import { useState } from 'react';
import type { WisdomSource } from '../../shared/rules/wisdom/types.js';
import { WISDOM_MESSAGES } from '../../shared/rules/wisdom/fields.js';
import { DEFAULT_WISDOM_SORT, EMPTY_WISDOM_FILTER, visibleWisdom, type WisdomFilter, type WisdomSort } from '../../shared/rules/wisdom/list.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { StatCards } from '../components/StatCards.js';
import { QueryView } from '../components/QueryView.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import type { OpError } from '../api/hooks.js';
import { WisdomCard } from './WisdomCard.js';
import { WisdomForm } from './WisdomForm.js';
import { wisdomFilterSelects, wisdomSortSelect, wisdomStatItems } from './toolbar.js';
import { EMPTY_DRAFT, draftOf, inputOf } from './draft.js';

/** Toasts use the title Error unless stated (spec 2 section 8); the details also go to the console. */
const failed = (message: string) => {
  console.error(message);
  notify.error('Error', message);
};

/** /admin/wisdom-sources: filter bar, stats cards, add form, card grid with edit in place, toggle and delete. */
export default function WisdomSourcesPage() {
  const list = useOp('wisdom', 'list', {});
  const create = useWriteOp('wisdom', 'create');
  const update = useWriteOp('wisdom', 'update');
  const setActive = useWriteOp('wisdom', 'setActive');
  const remove = useWriteOp('wisdom', 'delete');
  const [filter, setFilter] = useState<WisdomFilter>(EMPTY_WISDOM_FILTER);
  const [sort, setSort] = useState<WisdomSort>(DEFAULT_WISDOM_SORT);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [target, setTarget] = useState<WisdomSource | null>(null);

  const all = list.data?.data.sources ?? [];
  const shown = visibleWisdom(all, filter, sort);
  // After a failed write the screen shows what the server holds, not what was attempted.
  const resync = () => void list.refetch();

  return (
    <div className="page">
      <PageHeader
        title="Wisdom Sources"
        subtitle="Historical figures and thought leaders"
        back={{ to: '/admin/dashboard' }}
        actions={
          <Button variant="primary" onClick={() => setAdding(true)} disabled={adding}>
            Add Source
          </Button>
        }
      />
      <StatCards loading={list.isPending} items={wisdomStatItems(list.data?.data.stats)} />
      <ListToolbar
        search={{
          label: 'Search wisdom sources',
          value: filter.search,
          onChange: (search) => setFilter({ ...filter, search }),
          placeholder: 'Search by name, description, background or expertise',
        }}
        filters={wisdomFilterSelects(filter, setFilter)}
        sort={wisdomSortSelect(sort, setSort)}
        summary={
          <span data-testid="wisdom-count">
            Showing {shown.length} of {all.length}
          </span>
        }
      />
      {adding ? (
        <section className="wisdom-add" aria-labelledby="wisdom-add-title">
          <h2 id="wisdom-add-title">Add Wisdom Source</h2>
          <WisdomForm
            mode="create"
            initial={EMPTY_DRAFT}
            busy={create.isPending}
            onInvalid={(m) => notify.error('Error', m)}
            onCancel={() => setAdding(false)}
            onSubmit={(d) =>
              create.mutate(inputOf(d), {
                onSuccess: (s) => {
                  setAdding(false);
                  notify.success('Wisdom source added', s.name);
                },
                onError: (e) => {
                  failed(WISDOM_MESSAGES.createFailed(errorText(e)));
                  resync();
                },
              })
            }
          />
        </section>
      ) : null}
      <QueryView query={list} loadingLabel="Loading wisdom sources..." isEmpty={(d) => d.sources.length === 0} emptyTitle="No wisdom sources yet">
        {() =>
          shown.length === 0 ? (
            <p className="muted">No wisdom sources match these filters.</p>
          ) : (
            <ul className="wisdom-grid">
              {shown.map((s) => (
                <li key={s.id} className="wisdom-card" data-testid="wisdom-card" data-source-id={s.id} data-category={s.category}>
                  {editing === s.id ? (
                    <WisdomForm
                      mode="update"
                      initial={draftOf(s)}
                      busy={update.isPending}
                      onInvalid={(m) => notify.error('Error', m)}
                      onCancel={() => setEditing(null)}
                      onSubmit={(d) =>
                        update.mutate(
                          { id: s.id, ...inputOf(d) },
                          {
                            onSuccess: (saved) => {
                              setEditing(null);
                              notify.success('Wisdom source updated', saved.name);
                            },
                            onError: (e) => {
                              failed(WISDOM_MESSAGES.updateFailed(errorText(e)));
                              resync();
                            },
                          },
                        )
                      }
                    />
                  ) : (
                    <WisdomCard
                      source={s}
                      toggling={setActive.isPending && setActive.variables?.id === s.id}
                      onEdit={() => setEditing(s.id)}
                      onDelete={() => setTarget(s)}
                      onToggle={() =>
                        setActive.mutate(
                          { id: s.id, isActive: !s.isActive },
                          {
                            onSuccess: (saved) => notify.success(saved.isActive ? 'Wisdom source activated' : 'Wisdom source deactivated', saved.name),
                            onError: (e) => {
                              failed(WISDOM_MESSAGES.updateFailed(errorText(e)));
                              resync();
                            },
                          },
                        )
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <DeleteConfirm
        target={target}
        title="Delete wisdom source?"
        describe={(w) => `${w.name} is deleted for good.`}
        run={(w) => remove.mutateAsync({ id: w.id })}
        succeeded={(w) => notify.success('Wisdom source deleted', w.name)}
        failed={(e) => {
          console.error(errorText(e as OpError));
          notify.error('Error', WISDOM_MESSAGES.deleteFailed);
          resync();
        }}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
