/**
 * The destination check's section with its own controller
 * (lib/options/watch-controller.ts): it talks to the background itself, and
 * reads the status again whenever it is shown or the active profile changes.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ANY_SITE_ORIGINS } from '../../lib/browser/host-permission';
import { sendMessage } from '../../lib/messaging/send-message';
import { createWatchController, INITIAL_WATCH } from '../../lib/options/watch-controller';
import { WatchSection } from './watch-section';

interface Props {
  /** The active profile's key (null while profiles load): a switch reads that profile's findings. */
  connectionKey: string | null;
  onGoToConnection: () => void;
}

export function WatchContainer({ connectionKey, onGoToConnection }: Props) {
  const [model, setModel] = useState(INITIAL_WATCH);
  const watch = useMemo(
    () =>
      createWatchController({
        send: sendMessage,
        requestAnySite: () => browser.permissions.request({ origins: ANY_SITE_ORIGINS }),
        onChange: setModel,
        setTimer: (fn, ms) => setTimeout(fn, ms),
      }),
    [],
  );
  useEffect(() => {
    void watch.load();
  }, [connectionKey]);
  return <WatchSection model={model} watch={watch} onGoToConnection={onGoToConnection} />;
}
