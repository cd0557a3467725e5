import { runProbeCommand } from './lib/probe-command';

/**
 * `npm run probe-api`: the contract probe with a real credential (see docs/api-contract.md).
 * CREATOR_CLIENT_ID and CREATOR_CLIENT_SECRET are required; CREATOR_API_BASE_URL,
 * CREATOR_TOKEN_URL, CREATOR_SITE_ID and CREATOR_PROBE_DAYS are optional. The secret is read from
 * the environment only, never from the command line (which shells keep in their history).
 * The work is scripts/lib/probe-command.ts.
 */
runProbeCommand(process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((code) => process.exit(code));
