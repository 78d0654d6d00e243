/** Entry of the teaser script on static pages (see teasers.ts). */
import { start } from './teasers.ts';

start();
