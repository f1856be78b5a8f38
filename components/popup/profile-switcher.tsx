import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import type { AnswerOf, Send } from '../../lib/messaging/send-message';

interface Props {
  send: Send;
  /** Called once the chosen profile is active, or when the user goes back without changing it. */
  onDone: () => void;
}

/** Every profile by name; choosing one makes it active. Tokens are never shown here. */
export function ProfileSwitcher({ send, onDone }: Props) {
  const [list, setList] = useState<AnswerOf<'profiles'> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    send('profiles', {}).then(setList, () => setFailed(true));
  }, []);

  const choose = (id: string) => {
    if (id === list?.activeId) return onDone();
    send('switchProfile', { id }).then(onDone, () => setFailed(true));
  };

  return (
    <>
      <h1>{t('profilesSwitcherOpen')}</h1>
      {list === null && !failed && <p role="status">{t('loading')}</p>}
      {failed && <p role="alert" class="error">{t('profilesFailed')}</p>}
      {list !== null && (
        <fieldset>
          <legend>{t('profilesSwitcherLabel')}</legend>
          {list.profiles.map((p) => (
            <label class="check" key={p.id}>
              <input type="radio" name="profile" value={p.id} checked={p.id === list.activeId} onChange={() => choose(p.id)} />
              {p.name} <span class="muted">{p.workspaceId}</span>
              {p.token === '' && <span class="warn"> {t('profilesTokenNeeded')}</span>}
            </label>
          ))}
        </fieldset>
      )}
      <div class="row">
        <button type="button" onClick={onDone}>{t('profilesCancel')}</button>
      </div>
    </>
  );
}
