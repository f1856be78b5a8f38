/** The bulk page before Shorten: the text (typed, pasted or a file), the batch's options and the list as it will be sent. */
import type { BulkController, BulkModel } from '../../lib/bulk/controller';
import { t } from '../../lib/i18n/catalogue';
import { BatchOptions } from './batch-options';
import { ListPreview } from './list-preview';
import { TextInput } from './text-input';

export function ComposeView({ model, bulk }: { model: BulkModel; bulk: BulkController }) {
  return (
    <>
      <TextInput
        text={model.text}
        fileName={model.fileName}
        problem={model.problem}
        onText={(text) => bulk.setText(text)}
        onFile={(file) => void bulk.chooseFile(file)}
        onRefuse={(problem) => bulk.refuse(problem)}
      />
      {model.analysing && <p role="status">{t('bulkReading')}</p>}
      <BatchOptions
        model={model}
        onDomain={(d) => void bulk.chooseDomain(d)}
        onToggleTag={(name) => bulk.toggleTag(name)}
        onTypeTag={(name) => bulk.typeNewTag(name)}
        onAddTag={() => bulk.addNewTag()}
        onReloadTags={() => void bulk.reloadTags()}
        onFresh={(fresh) => bulk.setFresh(fresh)}
        onClean={(clean) => void bulk.setClean(clean)}
        onShorten={() => void bulk.shorten()}
        onShowRunning={() => void bulk.showRunning()}
      />
      {model.analysis !== null && (model.analysis.found.length > 0 || model.analysis.lines.length > 0) && (
        <ListPreview
          analysis={model.analysis}
          known={model.known}
          elsewhere={model.elsewhere}
          cleaned={model.cleaned}
          titles={model.titles}
          fresh={model.fresh}
          checking={model.knownCheck.state === 'checking'}
          onUse={(problem) => bulk.useFix(problem)}
        />
      )}
    </>
  );
}
