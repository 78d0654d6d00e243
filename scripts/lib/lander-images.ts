/**
 * Rasterises the landers' illustrations (src/landers/art.ts) into a static root: every image
 * of the manifest (src/landers/images.ts) at each of its widths as AVIF and WebP, written to
 * `<dir>/img/<name>-<width>.<format>`.
 *
 * Encoding is slow (AVIF above all), so encoded files are cached in
 * node_modules/.cache/lander-images/<site>/<sha1 of svg, width, format, settings>.<format>;
 * the eleven locale roots of a site, and rebuilds with unchanged art, only copy from there.
 *
 *   npx tsx scripts/lib/lander-images.ts <site> <dir>    e.g. default dist/sites/default/en
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { siteById, type SiteConfig } from '#sites-config';
import { landerArtSvg } from '#src/landers/art.ts';
import {
  LANDER_IMAGE_DIR,
  LANDER_IMAGE_FORMATS,
  LANDER_IMAGE_NAMES,
  LANDER_IMAGES,
  landerImageFile,
  landerImageHeight,
  type LanderImageFormat,
  type LanderImageName,
} from '#src/landers/images.ts';

const root = resolve(import.meta.dirname, '../..');
const CACHE_DIR = join(root, 'node_modules/.cache/lander-images');

/** Encoder settings; part of the cache key, so changing them re-encodes. */
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 72, effort: 4 },
} as const satisfies Record<LanderImageFormat, object>;

/** Images encoded at once: sharp uses its own threads, and the machine has few cores. */
const PARALLEL = 2;

/** Encodes one illustration at one width, without the cache. */
export async function encodeLanderImage(
  svg: string,
  name: LanderImageName,
  width: number,
  format: LanderImageFormat,
): Promise<Buffer> {
  const spec = LANDER_IMAGES[name];
  // Render the vector at the target size (not a downscale of a big bitmap): sharper, faster.
  const density = Math.max(1, (72 * width) / spec.width);
  const image = sharp(Buffer.from(svg), { density }).resize(width, landerImageHeight(name, width), { fit: 'cover' });
  return format === 'avif' ? image.avif(ENCODERS.avif).toBuffer() : image.webp(ENCODERS.webp).toBuffer();
}

function cacheKey(svg: string, width: number, format: LanderImageFormat): string {
  return createHash('sha1')
    .update(svg)
    .update(`\0${width}\0${format}\0${JSON.stringify(ENCODERS[format])}`)
    .digest('hex');
}

/** Encodes under way in this process, by cache file. */
const inFlight = new Map<string, Promise<void>>();

interface Job {
  name: LanderImageName;
  svg: string;
  width: number;
  format: LanderImageFormat;
}

/**
 * Writes every lander image of `site` (or only `options.names`) into `<dir>/img/`. Returns
 * how many files were written and how many of them had to be encoded (the rest came from
 * the cache).
 */
export async function writeSiteImages(
  site: SiteConfig,
  dir: string,
  options: { names?: readonly LanderImageName[] } = {},
): Promise<{ files: number; encoded: number }> {
  const outDir = join(dir, LANDER_IMAGE_DIR);
  const cacheDir = join(CACHE_DIR, site.id);
  mkdirSync(outDir, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  const jobs: Job[] = (options.names ?? LANDER_IMAGE_NAMES).flatMap((name) => {
    const svg = landerArtSvg(site, name);
    return LANDER_IMAGES[name].widths.flatMap((width) =>
      LANDER_IMAGE_FORMATS.map((format) => ({ name, svg, width, format })),
    );
  });
  let encoded = 0;
  let next = 0;
  async function worker(): Promise<void> {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) return;
      const cached = join(cacheDir, `${cacheKey(job.svg, job.width, job.format)}.${job.format}`);
      if (!existsSync(cached)) {
        // Two locales of a site are built side by side: the second waits for the first's encode.
        let encoding = inFlight.get(cached);
        if (!encoding) {
          encoding = encodeLanderImage(job.svg, job.name, job.width, job.format).then((bytes) => {
            // Write then rename, so a build running in parallel never copies half a file.
            const partial = `${cached}.${process.pid}.tmp`;
            writeFileSync(partial, bytes);
            renameSync(partial, cached);
          });
          inFlight.set(cached, encoding);
          encoded++;
        }
        await encoding;
      }
      copyFileSync(cached, join(outDir, landerImageFile(job.name, job.width, job.format)));
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, () => worker()));
  return { files: jobs.length, encoded };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [siteId, dir] = process.argv.slice(2);
  const site = siteId ? siteById(siteId) : undefined;
  if (!site || !dir) {
    console.error('usage: npx tsx scripts/lib/lander-images.ts <site id> <static root dir>');
    process.exit(1);
  }
  const started = performance.now();
  const { files, encoded } = await writeSiteImages(site, resolve(dir));
  console.log(
    `lander images: ${files} files for ${site.id} in ${join(dir, LANDER_IMAGE_DIR)} (${encoded} encoded) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
