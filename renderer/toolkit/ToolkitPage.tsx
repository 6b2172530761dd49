import { useState } from 'react';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { Tabs } from '../components/Tabs.js';
import { CATEGORY_FILTERS, filterTools, findTool, type CategoryFilter } from '../../shared/rules/toolkit/tools.js';
import { ToolCard } from './ToolCard.js';
import { ToolView } from './ToolView.js';
import '../styles/toolkit.css';

/** /toolkit (spec 1): six guided self-reflection tools for any signed-in user; progress stays on this computer. */
export default function ToolkitPage() {
  const progress = useOp('toolkit', 'progress', {});
  const [filter, setFilter] = useState<CategoryFilter>('all');
  const [open, setOpen] = useState<string | null>(null);
  const tool = open ? findTool(open) : undefined;

  return (
    <main className="page page-narrow toolkit-page">
      <PageHeader
        title="Self-Reflection Toolkit"
        subtitle="Guided exercises for focus, communication and resilience"
        back={{ to: '/dashboard', label: 'Back to dashboard' }}
      />
      <QueryView query={progress} loadingLabel="Loading your progress...">
        {(saved) =>
          tool ? (
            <ToolView key={tool.id} tool={tool} saved={saved[tool.id]} onBack={() => setOpen(null)} />
          ) : (
            <Tabs label="Tool categories" tabs={CATEGORY_FILTERS} value={filter} onChange={(id) => setFilter(id as CategoryFilter)}>
              <ul className="toolkit-grid">
                {filterTools(filter).map((t) => (
                  <ToolCard key={t.id} tool={t} progress={saved[t.id]} onOpen={() => setOpen(t.id)} />
                ))}
              </ul>
            </Tabs>
          )
        }
      </QueryView>
    </main>
  );
}
