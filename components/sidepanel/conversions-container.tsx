/**
 * The side panel's conversions section for one link: "Record a lead" and
 * "Record a sale". The state lives in lib/conversions/controller.ts (unit
 * tested); this wires it to the background and draws it. Mount it with the
 * shown link: `<ConversionsPanel linkId={id} />`.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { createConversionsController, FORM_KINDS, initialConversions } from '../../lib/conversions/controller';
import { t } from '../../lib/i18n/catalogue';
import { sendMessage } from '../../lib/messaging/send-message';
import { uiLocale } from '../../lib/i18n/format';
import { currencyOptions } from '../../lib/conversions/money-currency';
import { ConversionForm } from './conversion-form';

export function ConversionsPanel({ linkId }: { linkId: string }) {
  const locale = useMemo(uiLocale, []);
  const currencies = useMemo(() => currencyOptions(locale), [locale]);
  const [model, setModel] = useState(() => initialConversions(linkId, locale));
  // A new controller (and empty forms) for another link: nothing typed for one link is sent for another.
  const panel = useMemo(() => createConversionsController({ linkId, locale, send: sendMessage, onChange: setModel }), [linkId, locale]);
  useEffect(() => setModel(panel.model()), [panel]);

  return (
    <section aria-labelledby="conversions-heading">
      <h2 id="conversions-heading">{t('conversionsHeading')}</h2>
      {FORM_KINDS.map((kind) => (
        <ConversionForm
          key={`${linkId}-${kind}`}
          kind={kind}
          form={model[kind]}
          locale={locale}
          currencies={currencies}
          onInput={(field, value) => panel.setField(kind, field, value)}
          onSubmit={() => void panel.submit(kind)}
        />
      ))}
    </section>
  );
}
