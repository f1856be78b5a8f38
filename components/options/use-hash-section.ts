import { useEffect, useState } from 'preact/hooks';
import { sectionOf, type OptionsSectionId } from '../../lib/options/sections';

/** A request to move the focus once a section is drawn; `n` makes a repeat of the same request count. */
interface FocusRequest {
  id: string;
  n: number;
}

/**
 * The section the address names (`#domains`), followed through the Back and
 * Forward buttons, and a way to go to one. Going there by the nav moves the
 * focus to its heading (or to a field named), so the keyboard and screen
 * readers start where the eye does; the page opening does not.
 */
export function useHashSection(): [OptionsSectionId, (id: OptionsSectionId, focusId?: string) => void] {
  const [section, setSection] = useState(() => sectionOf(location.hash));
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  useEffect(() => {
    const follow = () => setSection(sectionOf(location.hash));
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  useEffect(() => {
    if (focus !== null) document.getElementById(focus.id)?.focus();
  }, [focus]);
  const go = (id: OptionsSectionId, focusId = `${id}-heading`) => {
    if (location.hash !== `#${id}`) location.hash = id;
    setSection(id);
    setFocus((last) => ({ id: focusId, n: (last?.n ?? 0) + 1 }));
  };
  return [section, go];
}
