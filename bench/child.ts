/**
 * One scenario group in its own process, so its CPU and memory readings (maxRSS above all) are
 * its own. Usage (from bench.ts): child.ts <group> <bundle> <model json> <sizes json>; prints
 * the group's results as one JSON line.
 */
import { runGroup, type GroupName } from './groups';

const [group, bundle, model, sizes] = process.argv.slice(2);
const result = runGroup(group as GroupName, bundle, JSON.parse(model), JSON.parse(sizes));
process.stdout.write(`${JSON.stringify(result)}\n`);
