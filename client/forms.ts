/** The form pages' script: validation and mail drafts for the partnership and contact forms. */
import { initForms } from './lib/forms.ts';

initForms(document);
