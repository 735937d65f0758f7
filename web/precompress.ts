// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file of the build, which
// the server sends by the browser's Accept-Encoding (@fastify/static `preCompressed`): compressed once at build, at
// a level no per-request compression could afford. A copy that would not be smaller is not written.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import type { Logger, Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Every file under `dir`, except dot folders (Vite's `.vite/manifest.json` is build metadata, never served). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : [full];
      }),
  );
  return nested.flat();
}

export async function precompressDir(dir: string): Promise<{ files: number; written: number }> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const written = await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: 9 }),
      ]);
      const copies = [
        { suffix: '.br', bytes: br },
        { suffix: '.gz', bytes: gz },
      ].filter(({ bytes }) => bytes.length < source.length);
      await Promise.all(copies.map(({ suffix, bytes }) => writeFile(file + suffix, bytes)));
      return copies.length;
    }),
  );
  return { files: files.length, written: written.reduce((sum, count) => sum + count, 0) };
}

/** The Vite plugin: after the bundle and the public folder are written, compress the whole output folder. */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'tessera:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const { files, written } = await precompressDir(outDir);
      logger?.info(`precompress: ${written} .br/.gz copies of ${files} files in ${outDir}`);
    },
  };
}
