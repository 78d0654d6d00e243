import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $regions, loadRegions, type Region } from '#src/stores/site-data.ts';

/**
 * The site's regions, loaded (once per page, shared) when a shown profile has a region.
 * A failed load leaves the region out of the location; the next card tries again.
 */
export function useRegions(needed: boolean): Record<string, Region[]> | null {
  const regions = useStore($regions);
  useEffect(() => {
    if (needed) loadRegions().catch(() => undefined);
  }, [needed]);
  return regions;
}
