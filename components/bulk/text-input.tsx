import { FileText } from 'lucide-preact';
import { useRef } from 'preact/hooks';
import { MAX_TEXT_BYTES } from '../../lib/batch/limits';
import type { ChosenFile } from '../../lib/bulk/controller';
import type { InputProblem } from '../../lib/bulk/input-check';
import { bulkProblemText } from '../../lib/bulk/bulk-text';
import { t } from '../../lib/i18n/catalogue';
import { Banner } from '../shared/banner';
import { Button } from '../shared/button';

interface Props {
  text: string;
  fileName: string | null;
  problem: InputProblem | null;
  onText: (text: string) => void;
  onFile: (file: ChosenFile) => void;
  onRefuse: (problem: InputProblem) => void;
}

/** The text to shorten the links of: typed, pasted, or read from a .txt or .csv file. */
export function TextInput({ text, fileName, problem, onText, onFile, onRefuse }: Props) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div class="field bulk-input">
      <label for="bulk-text">{t('bulkTextLabel')}</label>
      <textarea
        id="bulk-text"
        name="text"
        rows={10}
        spellcheck={false}
        value={text}
        aria-describedby="bulk-text-hint"
        aria-invalid={problem === 'too-big' || problem === 'no-links' ? true : undefined}
        onInput={(e) => onText(e.currentTarget.value)}
        onPaste={(e) => {
          // A paste over 2 MB never reaches the field (a text of that size would only be refused after).
          const pasted = e.clipboardData?.getData('text/plain') ?? '';
          if (pasted.length > MAX_TEXT_BYTES / 4 && new Blob([pasted]).size > MAX_TEXT_BYTES) {
            e.preventDefault();
            onRefuse('too-big');
          }
        }}
      />
      <p id="bulk-text-hint" class="field-message hint">
        {t('bulkTextHint')}
      </p>
      <div class="row">
        <Button icon={FileText} onClick={() => picker.current?.click()}>
          {t('bulkChooseFile')}
        </Button>
        {fileName !== null && <span class="muted truncate">{t('bulkFileChosen', fileName)}</span>}
        <input
          ref={picker}
          type="file"
          name="file"
          accept=".txt,.csv,text/plain,text/csv"
          class="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // Chosen again, the same file must still be read.
            e.currentTarget.value = '';
            if (file !== undefined) onFile({ name: file.name, size: file.size, type: file.type, text: () => file.text() });
          }}
        />
      </div>
      {problem !== null && <Banner tone={problem === 'no-links' || problem === 'selection-empty' ? 'info' : 'warn'}>{bulkProblemText(problem)}</Banner>}
    </div>
  );
}
