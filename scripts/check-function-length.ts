/**
 * npm run check:length (part of npm test): fails when any function in src/ spans more than 100 lines.
 * Optional argument: the folder to check (default src).
 */
import * as path from 'node:path';
import { checkFunctionLength } from './lib/function-length';

process.exitCode = checkFunctionLength(path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'src')), console);
