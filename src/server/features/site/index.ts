/**
 * Front door of the site feature: settings, company info, interests, regions and their in-memory
 * cache. Other features, app.ts, the jobs and the seed import this module only (lint rule
 * imports/feature-internals).
 */
export { registerSiteRoutes } from './routes.ts';
export { loadCompanyInfo } from './company.ts';
export { siteFilter } from './filter.ts';
export { loadSite, siteSettings } from './settings.ts';
export { loadBundlePrices, readBundleCredits, type CountryPrices } from './prices.ts';
