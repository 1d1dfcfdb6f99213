/** The legal page's script: accordions that open from the route or the hash. */
import { initAccordions } from './lib/accordions.ts';

initAccordions(document);
