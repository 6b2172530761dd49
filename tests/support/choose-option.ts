import { expect } from '@playwright/test';
import type { Locator } from 'playwright';

/** An option by its visible label (exact, or a pattern) or by the raw value the screen stores. */
export type OptionPick = string | RegExp | { readonly value: string };

const listOf = (select: Locator) => select.page().getByRole('listbox');

function optionIn(list: Locator, option: OptionPick): Locator {
  if (typeof option === 'string') return list.getByRole('option', { name: option, exact: true });
  if (option instanceof RegExp) return list.getByRole('option', { name: option }).first();
  return list.locator(`[role="option"][data-value=${JSON.stringify(option.value)}]`);
}

/**
 * Chooses an option of the kit's Select (renderer/components/Select.tsx, on Radix): clicks the combobox (Radix opens
 * on pointerdown, which a click sends), clicks the option by role and name (or by its data-value), then waits until
 * the list has closed and the combobox shows the choice. `{ refused: true }`: the screen is expected to turn the
 * choice down (a failed write puts the old value back), so only the closing is awaited.
 */
export async function chooseOption(select: Locator, option: OptionPick, { refused = false }: { readonly refused?: boolean } = {}): Promise<void> {
  await expect(select).toBeEnabled();
  await select.click();
  const list = listOf(select);
  await expect(list).toBeVisible();
  const item = optionIn(list, option);
  const label = (await item.innerText()).trim();
  await item.click();
  await expect(list).toBeHidden();
  if (!refused) await expect(select).toHaveText(label);
}

/** The labels a Select offers, in order (opens it, reads them, closes it with Escape). */
export async function optionLabels(select: Locator): Promise<string[]> {
  await select.click();
  const list = listOf(select);
  await expect(list).toBeVisible();
  const labels = (await list.getByRole('option').allInnerTexts()).map((t) => t.trim());
  await select.page().keyboard.press('Escape');
  await expect(list).toBeHidden();
  return labels;
}

/** Waits until a Select holds a raw value (its combobox's data-value). */
export async function expectChosen(select: Locator, value: string): Promise<void> {
  await expect(select).toHaveAttribute('data-value', value);
}
