import { Card } from '../components/Card.js';
import { SelectField } from '../components/FormFields.js';
import { DENSITIES, parseDensity, useDensityStore } from '../lib/density.js';

/** Settings' Appearance: the density of tables and lists, kept by this window across reloads. */
export function AppearanceCard() {
  const { density, setDensity } = useDensityStore();
  return (
    <Card title="Appearance">
      <SelectField
        label="Density"
        hint="Compact fits more rows on the screen (about 32 px each); comfortable leaves more room around them."
        options={DENSITIES}
        value={density}
        onChange={(e) => setDensity(parseDensity(e.target.value))}
      />
    </Card>
  );
}
