/**
 * Picks the live-webcam provider of the configuration (CAM_PROVIDER; 'demo' by default). A
 * real provider is one more entry here and in env.ts's CAM_PROVIDER list.
 */
import type { Config } from '#src/server/env.ts';
import { createDemoCamProvider } from './demo.ts';
import type { CamProvider } from './types.ts';

export type { CamFilter, CamImage, CamProfile, CamProvider } from './types.ts';
export { createDemoCamProvider, DEMO_CAMS } from './demo.ts';

type CamConfig = Pick<Config, 'camProvider' | 'camRedirectUrl'>;

const PROVIDERS: Readonly<Record<Config['camProvider'], (config: CamConfig) => CamProvider>> = {
  demo: (config) => createDemoCamProvider({ redirectUrl: config.camRedirectUrl }),
};

export function createCamProvider(config: CamConfig): CamProvider {
  return PROVIDERS[config.camProvider](config);
}
