/**
 * The live-webcam provider interface behind /api/livecams/* (SPEC §3 'Webcam result', §7).
 * The offline default is the demo feed (demo.ts); a real provider implements the same three
 * calls against its partner API and is chosen by CAM_PROVIDER (src/server/env.ts).
 */
import type { Gender } from '#src/lib/constants.ts';

/** The cam search's filter: the search form's gender and age range. */
export interface CamFilter {
  gender?: Gender | undefined;
  minAge?: number | undefined;
  maxAge?: number | undefined;
}

/** One live profile as the search answers it (contract camEntry). */
export interface CamProfile {
  account: string;
  name: string;
  age: number | null;
  /** The snapshot image's URL: this server's for the demo feed, the provider's otherwise. */
  snapshot: string;
}

export interface CamImage {
  body: Uint8Array;
  contentType: string;
}

export interface CamProvider {
  readonly kind: 'demo';
  /** Live profiles matching the filter, in the provider's order. `signal` ends a call no one waits for. */
  search(filter: CamFilter, signal?: AbortSignal): Promise<CamProfile[]>;
  /** The provider's page of an account, or null for an account it does not know. */
  redirectUrl(account: string): Promise<string | null>;
  /** The snapshot of an account, for providers whose images this server serves; null when unknown. */
  snapshot?(account: string): Promise<CamImage | null>;
}
