/**
 * Component tests share one jsdom per file. The members router ($router) unmounts a second
 * after its last listener leaves and then reads `document`; in the file's last test that
 * timer would fire after jsdom is gone (an uncaught "document is not defined"). Keeping it
 * mounted for the whole file avoids that, as the members island does in a page.
 */
import { keepMount } from 'nanostores';
import { $router } from '#src/stores/router.ts';

keepMount($router);
