import { BONUSES_MAX, type Media } from '@parley/domain/courses';
import type { BonusState } from '../lib/course-editor-state';
import { EditorField } from './editor-field';
import { MediaUpload } from './media-upload';

export const bonusFieldId = (key: string, field: 'name' | 'file' | 'remove') => `bonus-${key}-${field}`;
export const BONUSES_HEADING_ID = 'course-bonuses-heading';
export const ADD_BONUS_ID = 'course-add-bonus';

type BonusFilesEditorProps = {
  bonuses: BonusState[];
  mediaById: Record<string, Media>;
  errorOf: (path: string) => string | undefined;
  onAdd: () => void;
  onChange: (key: string, change: Partial<BonusState>, path: string) => void;
  onUploaded: (key: string, media: Media, path: string) => void;
  onRemove: (key: string) => void;
  readOnly: boolean;
};

/** Bonus files: extra material (a PDF, an image or a video) learners who own the course can download. */
export function BonusFilesEditor({ bonuses, mediaById, errorOf, onAdd, onChange, onUploaded, onRemove, readOnly }: BonusFilesEditorProps) {
  return (
    <section aria-labelledby={BONUSES_HEADING_ID} className="space-y-3">
      <div>
        <h2 id={BONUSES_HEADING_ID} tabIndex={-1} className="text-lg font-semibold">
          Bonus files
        </h2>
        <p className="text-sm text-base-content/80">Optional extras learners download once they own the course: worksheets, slides, a bonus video. At most {BONUSES_MAX}.</p>
      </div>
      {errorOf('bonuses') ? <p className="text-sm text-error">{errorOf('bonuses')}</p> : null}
      {bonuses.length === 0 ? <p className="text-sm text-base-content/80">No bonus files.</p> : null}
      <ul className="space-y-3">
        {bonuses.map((bonus, b) => {
          const name = bonus.bonusName.trim() || `Bonus file ${b + 1}`;
          return (
            <li key={bonus.key}>
              <fieldset className="rounded-box border border-base-300 bg-base-100 p-4">
                <legend className="px-1 text-sm font-semibold wrap-break-word">{name}</legend>
                <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
                  <EditorField id={bonusFieldId(bonus.key, 'name')} label="File name learners see" error={errorOf(`bonuses.${b}.bonusName`)}>
                    <input className="input w-full" autoComplete="off" maxLength={120} value={bonus.bonusName} onChange={(event) => onChange(bonus.key, { bonusName: event.target.value }, `bonuses.${b}.bonusName`)} />
                  </EditorField>
                  <MediaUpload
                    id={bonusFieldId(bonus.key, 'file')}
                    label="Bonus file"
                    accepts="any"
                    media={bonus.mediaId ? (mediaById[bonus.mediaId] ?? null) : null}
                    error={errorOf(`bonuses.${b}.mediaId`)}
                    onUploaded={(media) => onUploaded(bonus.key, media, `bonuses.${b}.mediaId`)}
                    onRemove={() => onChange(bonus.key, { mediaId: null }, `bonuses.${b}.mediaId`)}
                    disabled={readOnly}
                  />
                </div>
                {readOnly ? null : (
                  <button id={bonusFieldId(bonus.key, 'remove')} type="button" className="btn btn-ghost btn-sm mt-3 text-error" onClick={() => onRemove(bonus.key)}>
                    Remove bonus file{' '}<span className="sr-only">{name}</span>
                  </button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {readOnly ? null : (
        <button id={ADD_BONUS_ID} type="button" className="btn btn-outline btn-sm" disabled={bonuses.length >= BONUSES_MAX} onClick={onAdd}>
          Add bonus file
        </button>
      )}
    </section>
  );
}
