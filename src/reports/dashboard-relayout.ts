import { applyBindings } from '../bindings/apply-bindings';
import type { Execution } from '../platform/execution';
import type { PropertyStore } from '../platform/types';
import { moveBlock } from '../sheet/block-move';
import { userMessage } from '../shared/errors';
import { partToMove } from './dashboard-parts';
import { putDefinition, type StoredDefinition } from './report-store';

/**
 * A dashboard made with the side-by-side layout is rebuilt in the stacked one at its next refresh,
 * before any part is written (a part that grew wider would otherwise meet the next one's block):
 * each part's block moves, data and all, to its new start cell, the saved report says so, and the
 * charts follow at once. A part that cannot move (something else where it would go) stays where it
 * is and is tried again next time; nothing is lost either way.
 */
export function relayoutDashboardPart(ex: Execution, store: PropertyStore, def: StoredDefinition): StoredDefinition {
  const move = partToMove(def);
  const spreadsheet = ex.platform.spreadsheet();
  if (!move || !spreadsheet) return def;
  try {
    moveBlock(spreadsheet, def.id, move.startCell);
  } catch (error) {
    ex.platform.log(`Creator Reporting: dashboard part '${def.name ?? def.id}' stays where it is: ${userMessage(error)}`);
    return def;
  }
  const moved: StoredDefinition = { ...def, startCell: move.startCell, options: { ...(def.options ?? {}), ...move.part.options } };
  try {
    putDefinition(store, moved);
  } catch (_) {
    // A full store: the block has moved all the same, and an existing block is written where it is.
  }
  applyBindings(ex, def.id);
  return moved;
}
