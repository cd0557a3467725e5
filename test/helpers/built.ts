import * as path from 'node:path';

/** Set by test/global-setup.ts: the folder holding this run's Code.js and Sidebar.html. */
export const BUILT_DIR_ENV = 'CREATOR_TEST_BUILD_DIR';

/** The playground server (`npm start`'s playground/server.ts), bundled beside the add-on's build. */
export const PLAYGROUND_SERVER = 'playground-server.js';

export interface BuiltAddOn {
  dir: string;
  code: string;
  sidebar: string;
}

/** The add-on as shipped, built once for the whole test run by the jest globalSetup. */
export function builtAddOn(): BuiltAddOn {
  const dir = process.env[BUILT_DIR_ENV];
  if (!dir) throw new Error(`${BUILT_DIR_ENV} is not set: run the tests through jest (jest.config.js's globalSetup builds the add-on).`);
  return { dir, code: path.join(dir, 'Code.js'), sidebar: path.join(dir, 'Sidebar.html') };
}
