/** Browser-test steps on a paint page's coverage calculator, shared by the journeys that use it. */
import type { Locator } from 'playwright-core';

/**
 * Measures the journeys' room in metric units: walls of 5 × 2.5 m and 4 × 2.5 m with one door, and
 * waits for the answer: (5 + 4) × 2.5 − 1.9 = 20.6 m², two coats at 9.82 m²/L: 4.2 L.
 */
export async function measureTwoWallsAndADoor(calculator: Locator): Promise<void> {
  await calculator.getByLabel('Wall 1 length (m)').fill('5');
  await calculator.getByLabel('Wall 1 height (m)').fill('2.5');
  await calculator.getByRole('button', { name: 'Add a wall' }).click();
  await calculator.getByLabel('Wall 2 length (m)').fill('4');
  await calculator.getByLabel('Wall 2 height (m)').fill('2.5');
  await calculator.getByLabel('Doors', { exact: true }).fill('1');
  await calculator.getByText(/^20\.6 m² to paint, 2 coats: you need 4\.2 L/).waitFor();
}
