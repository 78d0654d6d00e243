/**
 * Known places with coordinates per country, for finding the region of a position offline:
 * the cities of @countrystatecity/countries (the countries-states-cities database, ODbL) with
 * the subdivision code each lies in, plus the subdivisions' own centroids.
 *
 * A country's data is read on its first geocode, once per process, and kept only as compact
 * typed arrays (about 10 bytes a place; the largest served country, US, has ~17,000 cities).
 * The files are read and parsed here rather than through the package's loader functions:
 * those import() each JSON file, and under tsx (which runs the server) an imported module
 * stays in the module cache for good, so every file read would be kept whole (US alone: 65
 * MB). Only served countries are ever loaded (the caller checks), never the whole world.
 *
 * The package's data layout is its public `./data/*` export: data/<Name>-<ISO2>/states.json
 * and data/<Name>-<ISO2>/<State>-<CODE>/cities.json.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ICity, IState } from '@countrystatecity/countries';

/** Places of one kind (cities, or subdivision centroids) as parallel arrays. */
export interface PlaceList {
  lat: Float32Array;
  lon: Float32Array;
  /** Index into PlaceIndex.codes. */
  code: Uint16Array;
}

export interface PlaceIndex {
  country: string;
  /** The distinct subdivision codes of the places data ('NH', '75', 'SU', …). */
  codes: readonly string[];
  /** Codes below this index are those of cities (the others only of centroids). */
  cityCodeCount: number;
  cities: PlaceList;
  /** A subdivision's centroid stands in for a region that has no city in the data. */
  centroids: PlaceList;
}

interface RawPlace {
  code: string;
  lat: number;
  lon: number;
}

function toPlaceList(places: readonly RawPlace[], codeIndex: Map<string, number>): PlaceList {
  const list: PlaceList = {
    lat: new Float32Array(places.length),
    lon: new Float32Array(places.length),
    code: new Uint16Array(places.length),
  };
  places.forEach((place, i) => {
    let index = codeIndex.get(place.code);
    if (index === undefined) {
      index = codeIndex.size;
      codeIndex.set(place.code, index);
    }
    list.lat[i] = place.lat;
    list.lon[i] = place.lon;
    list.code[i] = index;
  });
  return list;
}

function rawPlace(code: string | null | undefined, lat: string | null, lon: string | null): RawPlace | null {
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (!code || !lat || !lon || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { code, lat: latitude, lon: longitude };
}

/** The package's data folder. */
function dataDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@countrystatecity/countries')), 'data');
}

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

/** Reads a country's places from the package and packs them; empty for an unknown country. */
export async function buildPlaceIndex(country: string): Promise<PlaceIndex> {
  const root = dataDir();
  const folder = (await readdir(root, { withFileTypes: true })).find(
    (entry) => entry.isDirectory() && entry.name.endsWith(`-${country}`),
  );
  const states: IState[] = [];
  const cityPlaces: RawPlace[] = [];
  if (folder) {
    const countryDir = join(root, folder.name);
    states.push(...(await readJson<IState[]>(join(countryDir, 'states.json'))));
    for (const entry of await readdir(countryDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      // One state's cities at a time: only the packed places outlive the loop.
      const cities = await readJson<ICity[]>(join(countryDir, entry.name, 'cities.json')).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === 'ENOENT') return [];
        throw error;
      });
      for (const city of cities) {
        const place = rawPlace(city.state_code, city.latitude, city.longitude);
        if (place) cityPlaces.push(place);
      }
    }
  }
  const centroidPlaces = states.map((s) => rawPlace(s.iso2, s.latitude, s.longitude)).filter((p) => p !== null);
  const codeIndex = new Map<string, number>();
  const cityList = toPlaceList(cityPlaces, codeIndex);
  const cityCodeCount = codeIndex.size;
  const centroidList = toPlaceList(centroidPlaces, codeIndex);
  return { country, codes: [...codeIndex.keys()], cityCodeCount, cities: cityList, centroids: centroidList };
}

const loaded = new Map<string, Promise<PlaceIndex>>();

/** The country's place index, built on first use and kept for the process's lifetime. */
export function placeIndex(country: string): Promise<PlaceIndex> {
  let index = loaded.get(country);
  if (!index) {
    index = buildPlaceIndex(country);
    loaded.set(country, index);
    // A failed read is not remembered: the next geocode tries again.
    index.catch(() => loaded.delete(country));
  }
  return index;
}

/** The squared equirectangular distance (in degrees) scaled for the query's latitude. */
function distance2(lat: number, lon: number, cosLat: number, placeLat: number, placeLon: number): number {
  let dLon = Math.abs(lon - placeLon);
  if (dLon > 180) dLon = 360 - dLon;
  const dx = dLon * cosLat;
  const dy = lat - placeLat;
  return dx * dx + dy * dy;
}

/**
 * The region of the place nearest to (lat, lon) among places whose subdivision leads to a
 * region (`regionOfCode[codeIndex]`, undefined for none). Cities count first; a region no
 * city leads to is represented by the centroids of its subdivisions. Undefined when the
 * country has no usable place.
 */
export function nearestRegion<R>(
  index: PlaceIndex,
  regionOfCode: readonly (R | undefined)[],
  lat: number,
  lon: number,
): R | undefined {
  const cosLat = Math.cos((lat * Math.PI) / 180);
  let best: R | undefined;
  let bestDistance = Infinity;
  const withCities = new Set(regionOfCode.slice(0, index.cityCodeCount));
  const { cities, centroids } = index;
  for (let i = 0; i < cities.code.length; i++) {
    const region = regionOfCode[cities.code[i] ?? -1];
    if (region === undefined) continue;
    const d = distance2(lat, lon, cosLat, cities.lat[i] ?? 0, cities.lon[i] ?? 0);
    if (d < bestDistance) {
      bestDistance = d;
      best = region;
    }
  }
  for (let i = 0; i < centroids.code.length; i++) {
    const region = regionOfCode[centroids.code[i] ?? -1];
    if (region === undefined || withCities.has(region)) continue;
    const d = distance2(lat, lon, cosLat, centroids.lat[i] ?? 0, centroids.lon[i] ?? 0);
    if (d < bestDistance) {
      bestDistance = d;
      best = region;
    }
  }
  return best;
}
