/**
 * npm run check:layers (part of npm test): fails when two folders of src/ import each other,
 * directly or round a longer loop. Optional argument: the folder to check (default src).
 */
import * as path from 'node:path';
import { checkLayers } from './lib/folder-cycles';

process.exitCode = checkLayers(path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'src')), console);
