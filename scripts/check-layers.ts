/**
 * npm run check:layers (part of npm test): fails when two folders of src/ import each other,
 * directly or round a longer loop. Optional argument: the folder to check (default src).
 */
import * as path from 'node:path';
import { describeCycle, findCycles, folderImports } from './lib/folder-cycles';

const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'src'));
const cycles = findCycles(folderImports(root));
if (cycles.length) {
  console.error(`Folders of ${path.basename(root)}/ import each other (${cycles.length} cycle${cycles.length === 1 ? '' : 's'}):`);
  for (const cycle of cycles) console.error(describeCycle(cycle));
  console.error('Move what both sides need into the lower folder (shared/ for types and errors), so imports point one way.');
  process.exit(1);
}
console.log(`No cycles between the folders of ${path.basename(root)}/.`);
