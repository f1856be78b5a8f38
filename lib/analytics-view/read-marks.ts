/**
 * The marks the side panel's first script sets when its reads settle (in
 * PANEL_MARKS too, for the bench): plain strings in a file of their own, so
 * that script carries these two names and not the whole list.
 */
export const SCOPE_READ_MARK = 'shortlink:panel:scope';
export const FIGURES_READ_MARK = 'shortlink:panel:figures-read';
