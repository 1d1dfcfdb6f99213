/** The not-found page's script: logs the attempt, forwards an unknown legal section. */
import { handleNotFound } from './lib/notFound.ts';

handleNotFound(document);
