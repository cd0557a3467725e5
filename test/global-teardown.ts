import * as fs from 'node:fs';
import { BUILT_DIR_ENV } from './helpers/built';

export default function globalTeardown(): void {
  const dir = process.env[BUILT_DIR_ENV];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
