/** Import first in a bench that loads the product from source: `?raw` imports then work under tsx. */
import { register } from 'node:module';

register('./raw-text-hooks.mjs', import.meta.url);
