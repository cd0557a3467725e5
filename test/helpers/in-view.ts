/**
 * Whether an element sits wholly inside the page's viewport, judged in whole CSS pixels: the
 * browser's layout works in 1/64 px units and `scrollIntoView({block: 'nearest'})` may stop a
 * fraction short (Chromium 156 stops 1/16 px above the top), which no person can see. A browser
 * assertion must never depend on that rounding.
 */
import type { Locator, Page } from 'playwright-core';

export interface ViewFit {
  /** Pixels of the element above the viewport's top edge, rounded; 0 when none. */
  above: number;
  /** Pixels of the element below the viewport's bottom edge, rounded; 0 when none. */
  below: number;
}

export async function viewFit(page: Page, element: Locator): Promise<ViewFit> {
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not rendered, so it cannot be in view');
  const height = await page.evaluate(() => window.innerHeight);
  return {
    above: Math.max(0, Math.round(-box.y)),
    below: Math.max(0, Math.round(box.y + box.height - height)),
  };
}

/** Runs `body` at a viewport size and restores the page's own size however `body` ends. */
export async function withViewport<T>(page: Page, size: { width: number; height: number }, body: () => Promise<T>): Promise<T> {
  const before = page.viewportSize();
  await page.setViewportSize(size);
  try {
    return await body();
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
