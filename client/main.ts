/**
 * The script every page loads. Each behaviour is a small module that enhances
 * markup which already works without script.
 */
import { initHeader } from './lib/header.ts';

initHeader(document);
