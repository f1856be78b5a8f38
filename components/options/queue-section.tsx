/** Settings → Queue: what waits to be sent, with Retry, Discard and the way to fix the connection. */
import { t } from '../../lib/i18n/catalogue';
import type { OptionsController, OptionsModel } from '../../lib/options/controller';
import type { ProfilesModel } from '../../lib/options/profiles-controller';
import { OptionsSection } from './options-section';
import { QueueList } from './queue-list';

interface Props {
  model: OptionsModel;
  options: OptionsController;
  list: ProfilesModel;
  onFixConnection: () => void;
}

export function QueueSection({ model, options, list, onFixConnection }: Props) {
  return (
    <OptionsSection id="queue" heading={t('queueHeading')} intro={t('queueIntro')}>
      {model.queue ? (
        <QueueList
          status={model.queue}
          now={model.now}
          busy={model.retrying}
          busyId={model.retryingId}
          onRetryAll={() => void options.retryQueue()}
          onRetry={(id) => void options.retryItem(id)}
          onDiscard={(id) => void options.discard(id)}
          onFixConnection={onFixConnection}
          profiles={list.profiles ?? []}
        />
      ) : (
        <p role="status" class="muted">
          {t('loading')}
        </p>
      )}
    </OptionsSection>
  );
}
