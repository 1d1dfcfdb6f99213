/**
 * The editor panel's words in the site's four languages, chosen by the page's
 * language (English for any other). Written for the company's own editors.
 */
import type { TranslationStatus } from '../../generator/dev/editor/translationStatus.ts';

export interface PanelStrings {
  toolbar: string;
  editMode: string;
  pageDetails: string;
  altClickHint: string;
  editText: string;
  close: string;
  save: string;
  cancel: string;
  saving: string;
  saved: string;
  savedElsewhere: string;
  unchanged: string;
  invalid: string;
  hint: string;
  failed: string;
  conflict: (languages: string) => string;
  loadNewVersion: string;
  loadedNewVersion: string;
  yourText: string;
  noLine: string;
  listGroup: (position: number, count: number) => string;
  addItem: string;
  removeItem: string;
  moveUp: string;
  moveDown: string;
  status: Record<TranslationStatus, string>;
  /** What a translator does about a translation of this status, when anything. */
  statusHelp: Partial<Record<TranslationStatus, string>>;
  markCurrent: string;
  /** The label of a setting written once for every language (a plan's name). */
  allLanguages: string;
  markedCurrent: string;
  saveBeforeConfirm: string;
  /** Why the remove button of a list at its shortest is off. */
  listMin: (count: number) => string;
}

const strings: Record<'it' | 'en' | 'de' | 'fr', PanelStrings> = {
  it: {
    toolbar: 'Strumenti di modifica',
    editMode: 'Modalità modifica',
    pageDetails: 'Dettagli della pagina',
    altClickHint: 'Alt+clic su un testo per modificarlo',
    editText: 'Modifica del testo',
    close: 'Chiudere',
    save: 'Salvare',
    cancel: 'Annullare',
    saving: 'Salvataggio in corso…',
    saved: 'Salvato. La pagina si ricarica con il nuovo testo.',
    savedElsewhere: 'Salvato. Questa pagina non mostra la lingua modificata.',
    unchanged: 'Nessuna modifica da salvare.',
    invalid: 'Il testo non è stato salvato: correggete il problema e riprovate.',
    hint: 'Suggerimento',
    failed: 'Operazione non riuscita.',
    conflict: (languages) =>
      `Il file è stato modificato su disco dopo l’apertura di questo pannello (${languages}). Non è stato sovrascritto nulla.`,
    loadNewVersion: 'Caricare la versione su disco',
    loadedNewVersion: 'È ora visualizzata la versione su disco. Il vostro testo è riportato qui sotto.',
    yourText: 'Il vostro testo',
    noLine: 'Questa lingua non ha ancora una riga per questo testo: viene mostrato il testo di riferimento.',
    listGroup: (position, count) => `Elemento ${position} di ${count} dell’elenco`,
    addItem: 'Aggiungere un elemento dopo questo',
    removeItem: 'Rimuovere questo elemento',
    moveUp: 'Spostare su',
    moveDown: 'Spostare giù',
    status: {
      reference: 'Riferimento',
      current: 'Aggiornata',
      outdated: 'Da aggiornare',
      missing: 'Mancante',
      untranslated: 'Non verificata',
    },
    statusHelp: {
      outdated:
        'Il testo di riferimento è cambiato dopo la conferma di questa traduzione. Aggiornatela e salvate, poi segnatela come aggiornata.',
      untranslated:
        'Nessuno ha ancora verificato questa traduzione. Controllatela, poi segnatela come aggiornata.',
      missing: 'Manca la traduzione: la pagina mostra il testo di riferimento.',
    },
    markCurrent: 'Segnare come aggiornata',
    allLanguages: 'Tutte le lingue',
    markedCurrent: 'La traduzione è segnata come aggiornata.',
    saveBeforeConfirm: 'Salvate prima le modifiche in questa lingua, poi segnatela come aggiornata.',
    listMin: (count) =>
      `Questo elenco deve contenere almeno ${count} ${count === 1 ? 'elemento' : 'elementi'}: non se ne possono rimuovere altri.`,
  },
  en: {
    toolbar: 'Editing tools',
    editMode: 'Edit mode',
    pageDetails: 'Page details',
    altClickHint: 'Alt+click a text to edit it',
    editText: 'Edit text',
    close: 'Close',
    save: 'Save',
    cancel: 'Cancel',
    saving: 'Saving…',
    saved: 'Saved. The page reloads with the new text.',
    savedElsewhere: 'Saved. This page does not show the language you changed.',
    unchanged: 'There are no changes to save.',
    invalid: 'The text was not saved: please fix the problem and try again.',
    hint: 'Hint',
    failed: 'That did not work.',
    conflict: (languages) =>
      `The file was changed on disk after this panel was opened (${languages}). Nothing was overwritten.`,
    loadNewVersion: 'Load the version on disk',
    loadedNewVersion: 'The panel now shows the version on disk. Your text is below.',
    yourText: 'Your text',
    noLine: 'This language has no line for this text yet: the reference text is shown.',
    listGroup: (position, count) => `Item ${position} of ${count} in the list`,
    addItem: 'Add an item after this one',
    removeItem: 'Remove this item',
    moveUp: 'Move up',
    moveDown: 'Move down',
    status: {
      reference: 'Reference',
      current: 'Up to date',
      outdated: 'Outdated',
      missing: 'Missing',
      untranslated: 'Not yet checked',
    },
    statusHelp: {
      outdated:
        'The reference text changed after this translation was confirmed. Update it and save, then mark it as up to date.',
      untranslated: 'Nobody has checked this translation yet. Check it, then mark it as up to date.',
      missing: 'The translation is missing: the page shows the reference text.',
    },
    markCurrent: 'Mark as up to date',
    allLanguages: 'All languages',
    markedCurrent: 'The translation is marked as up to date.',
    saveBeforeConfirm: 'Save your changes to this language first, then mark it as up to date.',
    listMin: (count) =>
      `This list needs at least ${count} ${count === 1 ? 'item' : 'items'}: no more can be removed.`,
  },
  de: {
    toolbar: 'Bearbeitungswerkzeuge',
    editMode: 'Bearbeitungsmodus',
    pageDetails: 'Seitendetails',
    altClickHint: 'Alt+Klick auf einen Text, um ihn zu bearbeiten',
    editText: 'Text bearbeiten',
    close: 'Schliessen',
    save: 'Speichern',
    cancel: 'Abbrechen',
    saving: 'Wird gespeichert…',
    saved: 'Gespeichert. Die Seite wird mit dem neuen Text neu geladen.',
    savedElsewhere: 'Gespeichert. Diese Seite zeigt die geänderte Sprache nicht.',
    unchanged: 'Es gibt keine Änderungen zu speichern.',
    invalid: 'Der Text wurde nicht gespeichert: Bitte beheben Sie das Problem und versuchen Sie es erneut.',
    hint: 'Hinweis',
    failed: 'Das hat nicht funktioniert.',
    conflict: (languages) =>
      `Die Datei wurde nach dem Öffnen dieses Bereichs auf der Festplatte geändert (${languages}). Es wurde nichts überschrieben.`,
    loadNewVersion: 'Version von der Festplatte laden',
    loadedNewVersion: 'Angezeigt wird jetzt die Version von der Festplatte. Ihr Text steht unten.',
    yourText: 'Ihr Text',
    noLine: 'Diese Sprache hat für diesen Text noch keine Zeile: Angezeigt wird der Referenztext.',
    listGroup: (position, count) => `Eintrag ${position} von ${count} der Liste`,
    addItem: 'Eintrag danach hinzufügen',
    removeItem: 'Diesen Eintrag entfernen',
    moveUp: 'Nach oben',
    moveDown: 'Nach unten',
    status: {
      reference: 'Referenz',
      current: 'Aktuell',
      outdated: 'Veraltet',
      missing: 'Fehlt',
      untranslated: 'Noch nicht geprüft',
    },
    statusHelp: {
      outdated:
        'Der Referenztext hat sich geändert, seit diese Übersetzung bestätigt wurde. Passen Sie sie an, speichern Sie und markieren Sie sie dann als aktuell.',
      untranslated:
        'Diese Übersetzung hat noch niemand geprüft. Prüfen Sie sie und markieren Sie sie dann als aktuell.',
      missing: 'Die Übersetzung fehlt: Die Seite zeigt den Referenztext.',
    },
    markCurrent: 'Als aktuell markieren',
    allLanguages: 'Alle Sprachen',
    markedCurrent: 'Die Übersetzung ist als aktuell markiert.',
    saveBeforeConfirm:
      'Speichern Sie zuerst Ihre Änderungen in dieser Sprache und markieren Sie sie dann als aktuell.',
    listMin: (count) =>
      `Diese Liste braucht mindestens ${count} ${count === 1 ? 'Eintrag' : 'Einträge'}: Es können keine weiteren entfernt werden.`,
  },
  fr: {
    toolbar: 'Outils de modification',
    editMode: 'Mode modification',
    pageDetails: 'Détails de la page',
    altClickHint: 'Alt+clic sur un texte pour le modifier',
    editText: 'Modifier le texte',
    close: 'Fermer',
    save: 'Enregistrer',
    cancel: 'Annuler',
    saving: 'Enregistrement…',
    saved: 'Enregistré. La page se recharge avec le nouveau texte.',
    savedElsewhere: 'Enregistré. Cette page n’affiche pas la langue modifiée.',
    unchanged: 'Aucune modification à enregistrer.',
    invalid: 'Le texte n’a pas été enregistré : veuillez corriger le problème et réessayer.',
    hint: 'Conseil',
    failed: 'L’opération a échoué.',
    conflict: (languages) =>
      `Le fichier a été modifié sur le disque après l’ouverture de ce panneau (${languages}). Rien n’a été écrasé.`,
    loadNewVersion: 'Charger la version du disque',
    loadedNewVersion: 'Le panneau affiche maintenant la version du disque. Votre texte figure ci-dessous.',
    yourText: 'Votre texte',
    noLine: 'Cette langue n’a pas encore de ligne pour ce texte : le texte de référence est affiché.',
    listGroup: (position, count) => `Élément ${position} sur ${count} de la liste`,
    addItem: 'Ajouter un élément après celui-ci',
    removeItem: 'Supprimer cet élément',
    moveUp: 'Monter',
    moveDown: 'Descendre',
    status: {
      reference: 'Référence',
      current: 'À jour',
      outdated: 'À mettre à jour',
      missing: 'Manquante',
      untranslated: 'Pas encore vérifiée',
    },
    statusHelp: {
      outdated:
        'Le texte de référence a changé depuis la validation de cette traduction. Mettez-la à jour et enregistrez, puis marquez-la comme à jour.',
      untranslated:
        'Personne n’a encore vérifié cette traduction. Vérifiez-la, puis marquez-la comme à jour.',
      missing: 'La traduction manque : la page affiche le texte de référence.',
    },
    markCurrent: 'Marquer comme à jour',
    allLanguages: 'Toutes les langues',
    markedCurrent: 'La traduction est marquée comme à jour.',
    saveBeforeConfirm:
      'Enregistrez d’abord vos modifications dans cette langue, puis marquez-la comme à jour.',
    listMin: (count) =>
      `Cette liste doit compter au moins ${count} ${count === 1 ? 'élément' : 'éléments'} : il n’est pas possible d’en supprimer davantage.`,
  },
};

export function panelStrings(language: string): PanelStrings {
  return strings[language as keyof typeof strings] ?? strings.en;
}
