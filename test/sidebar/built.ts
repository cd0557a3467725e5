/**
 * The add-on as shipped: Code.js and Sidebar.html built from the current source once per test run
 * (test/global-setup.ts), never dist/, so `npm run build` meanwhile does not race the tests.
 */
import { builtAddOn, type BuiltAddOn } from '../helpers/built';

export async function buildAddOn(): Promise<BuiltAddOn> {
  return builtAddOn();
}
