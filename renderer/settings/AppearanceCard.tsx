import { useState } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Card } from '../components/Card.js';
import { SelectField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { applyTheme } from '../lib/theme.js';
import { DENSITIES, parseDensity, useDensityStore } from '../lib/density.js';
import { isTheme, THEME_OPTIONS, type Theme } from '../../shared/rules/appearance/theme.js';

/**
 * Settings → Appearance: the theme, remembered by main on this computer and followed by every window, and the
 * density of tables and lists, kept by this window across reloads.
 */
export function AppearanceCard() {
  const appearance = useOp('app', 'appearance', {});
  const setTheme = useWriteOp('app', 'setTheme');
  const { density, setDensity } = useDensityStore();
  // The choice shows at once, not when the remembered value has been read again.
  const [chosen, setChosen] = useState<Theme | null>(null);
  const theme = chosen ?? appearance.data?.data.theme ?? 'system';
  return (
    <Card title="Appearance">
      <SelectField
        label="Theme"
        hint="System follows your computer's light or dark setting."
        options={THEME_OPTIONS}
        value={theme}
        disabled={appearance.isPending}
        onValueChange={(next) => {
          if (!isTheme(next)) return;
          setChosen(next);
          applyTheme(next);
          setTheme.mutate({ theme: next }, { onError: (err) => notify.error('Could not save the theme', err.message) });
        }}
      />
      <SelectField
        label="Density"
        hint="Compact fits more rows on the screen (about 32 px each); comfortable leaves more room around them."
        options={DENSITIES}
        value={density}
        onValueChange={(v) => setDensity(parseDensity(v))}
      />
    </Card>
  );
}
