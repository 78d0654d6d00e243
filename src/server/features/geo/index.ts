/**
 * Front door of the geo feature: places, regions and city suggestions. Other features, app.ts,
 * the jobs and the seed import this module only (lint rule imports/feature-internals).
 */
export { registerGeoRoutes } from './routes.ts';
export { refreshCitySuggestions, suggestCities } from './cities.ts';
