import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * A TypeScript program (a server the tests start many times: the playground) as one CommonJS file
 * for plain node, so each start skips tsx transpiling it and its imports again. The file stands
 * alone (packages included), so it may live in a temp folder. Each module keeps its own
 * `__dirname` (its source folder), as under tsx: the playground finds its page files and worker
 * scripts beside its sources, wherever the bundle is.
 */
export async function bundleNodeProgram(entry: string, outfile: string): Promise<void> {
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'source-dirname',
        setup(build) {
          build.onLoad({ filter: /\.ts$/ }, (args) => {
            const source = fs.readFileSync(args.path, 'utf8');
            const dirname = `const __dirname = ${JSON.stringify(path.dirname(args.path))};\n`;
            return { contents: source.includes('__dirname') ? dirname + source : source, loader: 'ts' };
          });
        },
      },
    ],
  });
}
