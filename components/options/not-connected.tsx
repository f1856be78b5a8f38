import { t } from '../../lib/i18n/catalogue';
import { Banner } from '../shared/banner';

interface Props {
  /** What needs the connection, in a sentence. */
  text: string;
  onGoToConnection: () => void;
}

/** Said once, calmly, where a section needs a connection that does not exist yet: not an error, a next step. */
export function NotConnected({ text, onGoToConnection }: Props) {
  return (
    <Banner tone="info" action={{ label: t('optionsGoToConnection'), onClick: onGoToConnection }}>
      <p>{text}</p>
    </Banner>
  );
}
