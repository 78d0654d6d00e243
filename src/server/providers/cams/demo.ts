/**
 * The demo webcam feed: the offline default provider. A fixed list of made-up cam accounts
 * (no real performers), always "live", with snapshot images this server draws itself: the
 * seed's abstract portrait placeholders (a gradient and a silhouette, never a photo) with the
 * account's name, rendered once per account with sharp and kept in memory (about 5 kB each).
 * Its redirect goes to the configured partner URL template (CAM_REDIRECT_URL).
 */
import { CAM_SNAPSHOT_PATH } from '#src/contract/cams.ts';
import type { Gender } from '#src/lib/constants.ts';
import { loadSharp } from '#src/server/platform/sharp.ts';
import { portraitSvg } from '#src/server/seed/photos.ts';
import { Random } from '#src/server/seed/prng.ts';
import type { CamFilter, CamImage, CamProfile, CamProvider } from './types.ts';

export interface DemoCam {
  account: string;
  name: string;
  age: number;
  gender: Gender;
}

/** [account, display name, age, gender], in the feed's order. */
const ROWS: readonly (readonly [string, string, number, 'f' | 'm'])[] = [
  ['SunnyAnna', 'Anna', 24, 'f'],
  ['VelvetMia', 'Mia', 29, 'f'],
  ['LenaLoves', 'Lena', 21, 'f'],
  ['SofiaStar', 'Sofia', 33, 'f'],
  ['MaxLive', 'Max', 27, 'm'],
  ['EvaAfterDark', 'Eva', 38, 'f'],
  ['NinaNights', 'Nina', 19, 'f'],
  ['GoldenLisa', 'Lisa', 45, 'f'],
  ['LeoOnline', 'Leo', 31, 'm'],
  ['ChloeCosy', 'Chloe', 23, 'f'],
  ['EmmaEvening', 'Emma', 36, 'f'],
  ['JuliaJoy', 'Julia', 27, 'f'],
  ['TomTonight', 'Tom', 42, 'm'],
  ['ZoeZen', 'Zoe', 20, 'f'],
  ['LolaLounge', 'Lola', 31, 'f'],
  ['RubyRose', 'Ruby', 48, 'f'],
  ['NickNearby', 'Nick', 25, 'm'],
  ['JadeJewel', 'Jade', 26, 'f'],
  ['KimKiss', 'Kim', 34, 'f'],
  ['NoraNoir', 'Nora', 52, 'f'],
  ['AlexAllNight', 'Alex', 36, 'm'],
  ['EllaEver', 'Ella', 22, 'f'],
  ['MayaMoon', 'Maya', 28, 'f'],
  ['LinaLight', 'Lina', 41, 'f'],
  ['BenBold', 'Ben', 48, 'm'],
  ['IrisIsHere', 'Iris', 30, 'f'],
  ['SilkySara', 'Sara', 35, 'f'],
  ['MistyMarie', 'Marie', 57, 'f'],
  ['LucaLatte', 'Luca', 22, 'm'],
  ['HannahHeart', 'Hannah', 25, 'f'],
  ['StarryStella', 'Stella', 44, 'f'],
  ['SamSmiles', 'Sam', 29, 'm'],
  ['CarlaCandle', 'Carla', 39, 'f'],
  ['PetraPearl', 'Petra', 61, 'f'],
  ['FinnFire', 'Finn', 19, 'm'],
  ['LauraLace', 'Laura', 32, 'f'],
  ['MonaMellow', 'Mona', 46, 'f'],
  ['JayJazz', 'Jay', 55, 'm'],
  ['TessaTwilight', 'Tessa', 27, 'f'],
  ['DanDreamer', 'Dan', 39, 'm'],
];

export const DEMO_CAMS: readonly DemoCam[] = ROWS.map(([account, name, age, g]) => ({
  account,
  name,
  age,
  gender: g === 'f' ? 'female' : 'male',
}));

const SNAPSHOT_WIDTH = 300;
const SNAPSHOT_HEIGHT = 400;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The demo snapshot's SVG: the account's own portrait placeholder with its name at the bottom. */
export function demoSnapshotSvg(cam: DemoCam): string {
  const portrait = portraitSvg(new Random(`livecams:${cam.account}`), cam.gender === 'female' ? 'long' : 'short');
  const label =
    `<rect x="0" y="690" width="600" height="110" fill="#000" opacity="0.45"/>` +
    `<text x="300" y="762" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="bold" fill="#fff">${escapeXml(cam.name)}</text>`;
  return portrait.replace('</svg>', `${label}</svg>`);
}

function matches(cam: DemoCam, filter: CamFilter): boolean {
  if (filter.gender && cam.gender !== filter.gender) return false;
  if (filter.minAge !== undefined && cam.age < filter.minAge) return false;
  if (filter.maxAge !== undefined && cam.age > filter.maxAge) return false;
  return true;
}

export function createDemoCamProvider(options: { redirectUrl: string }): CamProvider {
  const byAccount = new Map(DEMO_CAMS.map((cam) => [cam.account, cam]));
  const images = new Map<string, Promise<CamImage>>();

  const render = async (cam: DemoCam): Promise<CamImage> => {
    const sharp = await loadSharp();
    const body = await sharp(Buffer.from(demoSnapshotSvg(cam)))
      .resize(SNAPSHOT_WIDTH, SNAPSHOT_HEIGHT)
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
    return { body, contentType: 'image/jpeg' };
  };

  return {
    kind: 'demo',
    search(filter: CamFilter, signal?: AbortSignal): Promise<CamProfile[]> {
      signal?.throwIfAborted();
      return Promise.resolve(
        DEMO_CAMS.filter((cam) => matches(cam, filter)).map((cam) => ({
          account: cam.account,
          name: cam.name,
          age: cam.age,
          snapshot: `${CAM_SNAPSHOT_PATH}?account=${encodeURIComponent(cam.account)}`,
        })),
      );
    },
    redirectUrl(account: string): Promise<string | null> {
      if (!byAccount.has(account)) return Promise.resolve(null);
      return Promise.resolve(options.redirectUrl.replaceAll('{account}', encodeURIComponent(account)));
    },
    snapshot(account: string): Promise<CamImage | null> {
      const cam = byAccount.get(account);
      if (!cam) return Promise.resolve(null);
      let image = images.get(account);
      if (!image) {
        image = render(cam);
        images.set(account, image);
        // A failed rendering is not kept: the next request draws again.
        image.catch(() => images.delete(account));
      }
      return image;
    },
  };
}
