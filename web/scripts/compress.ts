import fs from 'node:fs';
import zlib from 'node:zlib';

/** Text files worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|css|html|svg|json|xml|txt)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside a built text file, at maximum compression,
 * once at build time; the server sends the copy the browser accepts (`preCompressed` in
 * server/src/plugins/web-app.ts). A copy that would not be smaller is not written (and an older one
 * is removed, so that it never outlives the file it was made from).
 */
export function writeCompressedCopies(file: string): void {
  const source = fs.readFileSync(file);
  const brotli = zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  });
  const gzip = zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION });
  for (const [copy, bytes] of [
    [`${file}.br`, brotli],
    [`${file}.gz`, gzip],
  ] as const) {
    if (bytes.length < source.length) fs.writeFileSync(copy, bytes);
    else fs.rmSync(copy, { force: true });
  }
}
