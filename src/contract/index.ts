/** Every API call of the product, by name. */
export * from './define.ts';
export * from './site.ts';
export * from './user.ts';
